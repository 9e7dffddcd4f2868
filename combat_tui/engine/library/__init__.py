"""The GM's library: creature templates (a bestiary) and parties, per ruleset, as plain TOML files.

The starter bestiary ships with the package; the GM's own folder adds to it and overrides it by name.
Its files are read and written by the store (`store/library_files.py`, which `load`s one).
See docs/library-format.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from ..ruleset import RulesetDef
from ..state.errors import CombatError, CommandError
from ..state.lasting import LastingChange, LastingSink, LastingSource, Stored, flat, laid_over, unflat, with_pending
from ..state.model import Lasting
from .checks import check_member
from .model import ActionEntry, Member, Party, Template, slug
from .reading import Found, Rulesets, Shelf


@dataclass
class Library:
    """Its files are read when something in it is first asked for, and for one ruleset's templates or
    parties only that ruleset's entries are checked: checking every entry reads every ruleset (a `do add
    Orc` on a three-action save read all seven, and the SRD bestiary's 341 monsters)."""

    folder: Path | None  # the GM's own, where keep and party write; None: read-only (tests, the starter alone)
    # where parties' lasting state is kept (pools, injuries, conditions): read fresh for each `add @PARTY`,
    # over what the party files say; None: the files alone, and `end` writes them whole
    lasting: LastingSource | None = None
    keep: LastingSink | None = None  # hands `end`'s changes over; None: they wait in the encounter's outbox
    rulesets: Rulesets | None = None  # to check what is kept against, as the files are
    starter: bool = True  # the starter bestiary under the GM's folder
    shelf: Shelf | None = None  # its files, read and written by the store; None: none (a library in memory)
    _templates: dict[str, dict[str, tuple[Template, Path]]] = field(default_factory=dict)  # ruleset -> name -> it
    _parties: dict[str, dict[str, tuple[Party, Path]]] = field(default_factory=dict)
    _problems: list[str] = field(default_factory=list)
    _read: bool = False  # every entry
    _read_for: set[str] = field(default_factory=set)  # the entries of these rulesets

    def _files(self, ruleset: str | None = None) -> Library:
        """Read, once: every entry, or (`ruleset`) that ruleset's. Reading them all after some rulesets'
        reads those again with the rest, so nothing is there twice."""
        if self._read or (ruleset is not None and ruleset in self._read_for):
            return self
        if ruleset is None:
            self._read = True
            self._templates.clear()
            self._parties.clear()
            self._problems.clear()
        else:
            self._read_for.add(ruleset)
        rulesets = self.rulesets or _no_rulesets
        if self.shelf is not None and self.starter:
            _merge(self, self.shelf.starter(rulesets, ruleset), own=False)
        if self.shelf is not None and self.folder is not None:
            _merge(self, self.shelf.folder(self.folder, rulesets, ruleset), own=True)
        return self

    @property
    def templates(self) -> dict[str, dict[str, tuple[Template, Path]]]:
        return self._files()._templates

    @property
    def parties(self) -> dict[str, dict[str, tuple[Party, Path]]]:
        return self._files()._parties

    @property
    def problems(self) -> list[str]:
        return self._files()._problems

    def _templates_of(self, ruleset: str) -> dict[str, tuple[Template, Path]]:
        return self._files(ruleset)._templates.get(ruleset, {})

    def templates_for(self, ruleset: str) -> list[Template]:
        return [t for t, _ in self._templates_of(ruleset).values()]

    def source(self, ruleset: str, name: str) -> Path | None:
        hit = self._templates_of(ruleset).get(name.lower())
        return hit[1] if hit else None

    def find_template(self, ruleset: str, word: str) -> Template | None:
        """A template by name, case-insensitive, or a unique start of one; None when none starts so.
        An ambiguous start is an error listing the candidates."""
        low = word.strip().lower()
        own = self._templates_of(ruleset)
        if low in own:
            return own[low][0]
        hits = [t for key, (t, _) in own.items() if key.startswith(low)]
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            names = ", ".join(sorted(t.name for t in hits)[:8])
            raise CommandError(f"{word!r} could be the template {names}: type more of the name")
        return None

    def party_file(self, ruleset: str, name: str) -> tuple[Party, Path] | None:
        """A party as its file says it (what `party` writes over)."""
        return self._files(ruleset)._parties.get(ruleset, {}).get(name.strip().lower())

    def party(self, ruleset: str, name: str, pending: Iterable[LastingChange] = ()) -> tuple[Party, Path] | None:
        """A party as the last fight left it: its file, with the lasting state kept since laid over it
        (read now, not when the library was loaded), and `pending` changes not yet handed over."""
        found = self.party_file(ruleset, name)
        pending = list(pending)
        if found is None or (self.lasting is None and not pending):
            return found
        party, path = found
        rows = with_pending(self.lasting(ruleset, party.name) if self.lasting else {}, pending, ruleset, party.name)
        if not rows:
            return found
        members = [self._laid_over(ruleset, m, rows.get(m.name.lower(), {})) for m in party.members]
        return party.model_copy(update={"members": members}), path

    def _laid_over(self, ruleset: str, m: Member, rows: dict[str, Stored]) -> Member:
        """A member with its kept state; kept state that does not fit (a pool the ruleset lost) is passed over."""
        if not rows:
            return m
        fields = laid_over(flat(member_lasting(m)), rows)
        try:
            merged = Member.model_validate({**m.model_dump(by_alias=True), **unflat(fields)})
        except ValidationError:
            return m
        if self.rulesets is not None:
            try:
                if check_member(self.rulesets(ruleset), merged, m.name):
                    return m
            except CombatError:
                return m
        return merged

    def parties_for(self, ruleset: str) -> list[Party]:
        return [p for p, _ in self._files(ruleset)._parties.get(ruleset, {}).values()]


def member_lasting(m: Member) -> Lasting:
    """What a party file says lasts of a member."""
    return Lasting.model_validate(m.model_dump(include={"current", "injuries", "treated", "tallies", "conditions"}))


def _no_rulesets(rid: str) -> RulesetDef:
    raise CombatError(f"unknown ruleset {rid!r}")


def _merge(lib: Library, found: Found, own: bool) -> None:
    lib._problems += found.problems
    seen: set[tuple[str, str]] = set()
    for t, path in found.templates:
        key = (t.ruleset, t.name.lower())
        if own and key in seen:
            lib._problems.append(f"{path.name}: creature[{t.name}]: a template of that name is already in "
                                f"{lib._templates[t.ruleset][t.name.lower()][1].name}; skipped")
            continue
        seen.add(key)
        lib._templates.setdefault(t.ruleset, {})[t.name.lower()] = (t, path)
    for p, path in found.parties:
        if p.name.lower() in lib._parties.get(p.ruleset, {}):
            lib._problems.append(f"{path.name}: party[{p.name}]: a party of that name is already in "
                                f"{lib._parties[p.ruleset][p.name.lower()][1].name}; skipped")
            continue
        lib._parties.setdefault(p.ruleset, {})[p.name.lower()] = (p, path)


__all__ = ["ActionEntry", "Library", "Member", "Party", "Shelf", "Template", "member_lasting", "slug"]
