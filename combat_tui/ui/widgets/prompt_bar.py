"""Start-of-turn and other prompted rolls, shown in place: p rolls, p again applies, v gives a value,
x dismisses."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from ...engine.words import formula_words, labels
from ...session import Session
from .. import styles
from .view_static import ViewStatic


class PromptBar(ViewStatic):
    # Bound to the screen's; the view redraws itself when what it shows changed (see ViewStatic).
    revision: reactive[int] = reactive(0, init=False, repaint=False)

    def __init__(self, session: Session, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.session = session

    def on_mount(self) -> None:
        self.show_prompt()

    def watch_revision(self) -> None:
        self.show_prompt()

    def show_prompt(self) -> None:
        enc = self.session.encounter
        prompts = [p for p in enc.state.prompts if p.cid in enc.state.combatants]
        self.display = bool(prompts)
        if not prompts:
            return
        p = prompts[0]
        table = enc.rs.table(p.table)
        out = Text("⚑ ", style=styles.ATTENTION)
        out.append(enc.state.combatants[p.cid].name, style="bold")
        out.append(f" — {table.name}", style=styles.ATTENTION)
        out.append(f" ({p.reason})", style="dim")
        if p.rolled is not None:
            out.append(f"  rolled {p.rolled.detail}", style="bold")
            label = next((r.label for r in table.rows if (r.min is None or p.rolled.total >= r.min)
                          and (r.max is None or p.rolled.total <= r.max)), "")
            if label:
                out.append(f" → {label}", style=styles.FULL)
            out.append("   [p] apply  [v] other value  [x] dismiss", style=styles.HINT)
        elif table.choice:
            out.append("   [v] pick the outcome  [x] dismiss", style=styles.HINT)
        else:
            dice = formula_words(table.roll, labels(enc.rs))  # a long one is read when rolled, term by term
            dice = f" {dice}" if len(dice) <= 30 else ""
            out.append(f"   [p] roll{dice}  [v] give a value  [x] dismiss", style=styles.HINT)
        if len(prompts) > 1:
            out.append(f"   (+{len(prompts) - 1} more)", style="dim")
        self.show(out)
