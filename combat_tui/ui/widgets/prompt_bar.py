"""Start-of-turn and other prompted rolls, shown in place: p rolls, p again applies, v gives a value,
x dismisses. With none waiting, damage an attack left ready: A applies it."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from ...engine.views.gm import GMView, PromptView
from .. import styles
from .view_static import ViewStatic


class PromptBar(ViewStatic):
    view: reactive[GMView | None] = reactive(None, init=False, repaint=False)
    prompts: reactive[tuple[PromptView, ...]] = reactive((), init=False, repaint=False)  # the view's part

    ready: reactive[tuple[str, ...]] = reactive((), init=False, repaint=False)

    def watch_view(self, view: GMView | None) -> None:
        self.prompts = view.prompts if view is not None else ()
        self.ready = view.ready if view is not None else ()

    def on_mount(self) -> None:
        self.show_prompt()

    def watch_prompts(self) -> None:
        self.show_prompt()

    def watch_ready(self) -> None:
        self.show_prompt()

    def show_prompt(self) -> None:
        prompts = self.prompts
        self.display = bool(prompts or self.ready)
        if not prompts:
            if self.ready:
                self.show_ready()
            return
        p = prompts[0]
        out = Text("⚑ ", style=styles.ATTENTION)
        out.append(p.creature, style="bold")
        out.append(f" — {p.table}", style=styles.ATTENTION)
        out.append(f" ({p.reason})", style="dim")
        if p.rolled is not None:
            out.append(f"  rolled {p.rolled}", style="bold")
            if p.outcome:
                out.append(f" → {p.outcome}", style=styles.FULL)
            out.append("   [p] apply  [v] other value  [x] dismiss", style=styles.HINT)
        elif p.choice:
            out.append("   [v] pick the outcome  [x] dismiss", style=styles.HINT)
        else:
            dice = f" {p.dice}" if p.dice else ""
            out.append(f"   [p] roll{dice}  [v] give a value  [x] dismiss", style=styles.HINT)
        if len(prompts) > 1:
            out.append(f"   (+{len(prompts) - 1} more)", style="dim")
        if self.ready:  # the prompt first (it may decide the hit), the damage still in sight
            out.append(f"   ⚔ damage ready ({len(self.ready)}): [A] apply", style=styles.HINT)
        self.show(out)

    def show_ready(self) -> None:
        out = Text("⚔ ", style=styles.ATTENTION)
        out.append(self.ready[0], style="bold")
        out.append("   [A] apply   (apply miss in the command bar drops it)", style=styles.HINT)
        if len(self.ready) > 1:
            out.append(f"   (+{len(self.ready) - 1} more)", style="dim")
        self.show(out)
