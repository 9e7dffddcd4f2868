"""Parties' lasting state kept field by field in a SQLite file beside the library: fights that end at
once never undo one another, a hand edit of the party file wins, a foreign or newer file is refused."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from combat_tui.engine import library
from combat_tui.engine.encounter import Encounter
from combat_tui.engine.library import Member
from combat_tui.engine.state.errors import CommandError, SaveError
from combat_tui.engine.state.lasting import LastingChange
from combat_tui.store import library_files, party_state, saves
from combat_tui.store.rulesets import Catalogue

HEROES = """ruleset = "three-action"

[[party]]
name = "Heroes"

[[party.member]]
name = "Kara"
side = "pc"
maxima = { hp = 30 }
current = { hp = 30 }

[[party.member]]
name = "Bryn"
side = "pc"
maxima = { hp = 20 }
"""


@pytest.fixture
def where(tmp_path: Path) -> tuple[Path, Path]:
    """A library folder holding the party, and the party state file beside it."""
    folder = tmp_path / "data" / "library"
    folder.mkdir(parents=True)
    (folder / "party-heroes.toml").write_text(HEROES, encoding="utf-8")
    return folder, tmp_path / "data" / "party-state.sqlite"


def lib(catalogue: Catalogue, where: tuple[Path, Path]) -> library.Library:
    folder, db = where
    return library_files.load(folder, catalogue.get, lasting=party_state.reader(db), keep=party_state.writer(db))


def fight(catalogue: Catalogue, where: tuple[Path, Path], *lines: str, seed: int = 1) -> Encounter:
    enc = Encounter.new(catalogue.get("three-action"), seed=seed)
    enc.library = lib(catalogue, where)
    for line in lines:
        enc.run(line)
    return enc


def member(catalogue: Catalogue, where: tuple[Path, Path], name: str) -> Member:
    """A member as the next fight would bring it in, read afresh."""
    found = lib(catalogue, where).party("three-action", "Heroes")
    assert found is not None
    return next(m for m in found[0].members if m.name == name)


def hp(catalogue: Catalogue, where: tuple[Path, Path], name: str) -> int | None:
    return member(catalogue, where, name).current.get("hp")


def test_two_fights_that_end_at_once_keep_what_each_changed(catalogue: Catalogue, where: tuple[Path, Path]) -> None:
    one = fight(catalogue, where, "add @Heroes", "dmg Kara 5", "cond Kara poisoned 2")
    two = fight(catalogue, where, "add @Heroes", "dmg Bryn 4")
    one.run("end")
    two.run("end")  # it had Kara too, as she came in: she is not written back
    assert hp(catalogue, where, "Kara") == 25 and hp(catalogue, where, "Bryn") == 16
    assert [cs.id for cs in member(catalogue, where, "Kara").conditions] == ["poisoned"]


def test_the_same_field_changed_by_two_fights_is_the_last_writers(catalogue: Catalogue,
                                                                 where: tuple[Path, Path]) -> None:
    one = fight(catalogue, where, "add @Heroes", "dmg Kara 5")
    two = fight(catalogue, where, "add @Heroes", "dmg Kara 7", "cond Kara poisoned 1")
    two.run("end")
    one.run("end")
    kara = member(catalogue, where, "Kara")
    assert kara.current["hp"] == 25  # the last to end
    assert [cs.id for cs in kara.conditions] == ["poisoned"]  # a field only the other changed stays


def test_a_fight_whose_library_was_loaded_before_another_fights_end_does_not_revert_it(
        catalogue: Catalogue, where: tuple[Path, Path]) -> None:
    late = fight(catalogue, where)  # its library read now, as an app opened an hour ago
    fight(catalogue, where, "add @Heroes", "dmg Kara 9", "end")
    late.run("add @Heroes")
    assert next(c for c in late.state.roster() if c.name == "Kara").pools["hp"].current == 21  # as that fight left her
    late.run("dmg Bryn 3")
    late.run("end")
    assert hp(catalogue, where, "Kara") == 21 and hp(catalogue, where, "Bryn") == 17

    opened = fight(catalogue, where, "add @Heroes")  # in the fight before the other one ended
    fight(catalogue, where, "add @Heroes", "dmg Kara 1", "end")
    opened.run("dmg Bryn 2")
    opened.run("end")
    assert hp(catalogue, where, "Kara") == 20 and hp(catalogue, where, "Bryn") == 15


def test_a_hand_edit_of_the_party_file_while_a_fight_is_open_is_not_reverted(catalogue: Catalogue,
                                                                             where: tuple[Path, Path]) -> None:
    folder, _ = where
    open_fight = fight(catalogue, where, "add @Heroes", "dmg Kara 3", "dmg Bryn 2")
    (folder / "party-heroes.toml").write_text(HEROES.replace("current = { hp = 30 }", "current = { hp = 12 }"),
                                              encoding="utf-8")
    open_fight.run("end")
    assert hp(catalogue, where, "Kara") == 12  # the GM's edit stands
    assert hp(catalogue, where, "Bryn") == 18  # what the fight did to the other stands too
    fight(catalogue, where, "add @Heroes", "dmg Kara 2", "end")  # a fight that read the edit: its end counts
    assert hp(catalogue, where, "Kara") == 10


def test_state_in_an_older_party_file_is_where_members_start_until_a_fight_keeps_newer(
        catalogue: Catalogue, where: tuple[Path, Path]) -> None:
    folder, db = where
    (folder / "party-heroes.toml").write_text(HEROES.replace("current = { hp = 30 }", "current = { hp = 21 }"),
                                              encoding="utf-8")
    enc = fight(catalogue, where, "add @Heroes")
    assert next(c for c in enc.state.roster() if c.name == "Kara").pools["hp"].current == 21
    assert not db.exists()  # reading made nothing
    enc.run("dmg Kara 1")
    enc.run("end")
    assert hp(catalogue, where, "Kara") == 20
    assert (folder / "party-heroes.toml").read_text(encoding="utf-8").count("hp = 21") == 1  # the file untouched


def test_end_sends_only_what_changed_and_what_is_settled_after_only_what_changed_since(
        catalogue: Catalogue, where: tuple[Path, Path]) -> None:
    enc = fight(catalogue, where, "add @Heroes", "dmg Kara 4")
    enc.defer_writes = True  # held, to look at
    lines = enc.run("end")
    assert {ch.member for ch in enc.party_outbox} == {"Kara"}  # Bryn came in and goes out as she was
    assert [(ch.value, ch.base) for ch in enc.party_outbox if ch.field == "current.hp"] == [(26, 30)]
    assert any(line.startswith("Party Heroes: Kara as they are now") for line in lines)
    held = len(enc.party_outbox)
    enc.run("heal Kara 2")  # settled after the end
    since = enc.party_outbox[held:]
    assert {ch.member for ch in since} == {"Kara"} and [ch.value for ch in since if ch.field == "current.hp"] == [28]
    assert all(ch.field.startswith("current.") for ch in since)  # only what the heal changed since the end
    enc.flush_writes()
    assert enc.party_outbox == [] and hp(catalogue, where, "Kara") == 28


def test_undo_of_end_takes_back_what_it_kept_and_redo_puts_it_back(catalogue: Catalogue,
                                                                   where: tuple[Path, Path]) -> None:
    enc = fight(catalogue, where, "add @Heroes", "dmg Kara 9", "end")
    assert hp(catalogue, where, "Kara") == 21
    enc.run("undo")
    assert not enc.state.clock.ended and hp(catalogue, where, "Kara") == 30  # as she came in
    enc.run("redo")
    assert hp(catalogue, where, "Kara") == 21
    enc.run("undo")
    enc.run("heal Kara 9")  # back to how she came in, then the end again: nothing to send, and 30 is kept
    enc.run("end")
    assert hp(catalogue, where, "Kara") == 30


def test_a_failed_command_sends_nothing(catalogue: Catalogue, where: tuple[Path, Path]) -> None:
    enc = fight(catalogue, where, "add @Heroes", "dmg Kara 9")
    enc.defer_writes = True
    enc.run("end")
    held = list(enc.party_outbox)
    with pytest.raises(CommandError):
        enc.run("heal Nobody 3")
    assert enc.party_outbox == held


def test_party_keeps_who_they_are_in_the_file_and_what_lasts_beside_it(catalogue: Catalogue,
                                                                      where: tuple[Path, Path]) -> None:
    folder, db = where
    enc = fight(catalogue, where, "add Osk pc hp=12", "dmg Osk 2", "party Crew Osk")
    text = (folder / "party-crew.toml").read_text(encoding="utf-8")
    assert 'name = "Osk"' in text and "current" not in text
    crew = lib(catalogue, where).party("three-action", "Crew")
    assert crew is not None and crew[0].members[0].current["hp"] == 10
    enc.run("end")
    fresh = fight(catalogue, where, "add @Crew")
    assert fresh.state.roster()[0].pools["hp"].current == 10 and db.exists()


def test_an_old_save_whose_members_have_no_baseline_sends_every_field(catalogue: Catalogue,
                                                                      where: tuple[Path, Path],
                                                                      tmp_path: Path) -> None:
    enc = fight(catalogue, where, "add @Heroes", "dmg Bryn 1")
    for c in enc.state.combatants.values():
        c.came_in = None  # as a save from before baselines
    path = tmp_path / "old.combat"
    saves.save(enc.doc, path)
    old = Encounter(saves.load(path), catalogue.get("three-action"))
    old.library = lib(catalogue, where)
    old.defer_writes = True
    old.run("end")
    assert {(ch.member, ch.field) for ch in old.party_outbox} >= {("Kara", "current.hp"), ("Bryn", "current.hp"),
                                                                  ("Kara", "conditions")}


def test_apply_in_the_callers_transaction_on_an_attached_file_leaves_nothing_when_rolled_back(
        tmp_path: Path) -> None:
    party_file = tmp_path / "party-state.sqlite"
    party_state.write(party_file, [LastingChange("three-action", "Heroes", "Kara", "current.hp", 21, 30)])
    before = party_file.read_bytes()
    conn = sqlite3.connect(tmp_path / "encounter.sqlite", isolation_level=None)
    conn.execute("ATTACH DATABASE ? AS party", (str(party_file),))
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("CREATE TABLE main.saves (n INTEGER)")
    party_state.apply(conn, [LastingChange("three-action", "Heroes", "Kara", "current.hp", 5, 30),
                             LastingChange("three-action", "Heroes", "Bryn", "injuries.arm.1", 1, 0)], schema="party")
    assert conn.execute("SELECT value FROM party.lasting WHERE member = 'kara'").fetchone() == ("5",)
    conn.execute("ROLLBACK")
    conn.close()
    assert party_file.read_bytes() == before
    assert party_state.read(party_file, "three-action", "heroes")["kara"]["current.hp"].value == 21

    fresh = tmp_path / "new-party-state.sqlite"  # a file the transaction would have made ours
    conn = sqlite3.connect(tmp_path / "encounter.sqlite", isolation_level=None)
    conn.execute("ATTACH DATABASE ? AS party", (str(fresh),))
    conn.execute("BEGIN IMMEDIATE")
    party_state.apply(conn, [LastingChange("three-action", "Heroes", "Kara", "current.hp", 5, 30)], schema="party")
    conn.execute("ROLLBACK")
    conn.close()
    assert party_state.read(fresh, "three-action", "heroes") == {}

    conn = sqlite3.connect(tmp_path / "encounter.sqlite", isolation_level=None)  # committed: it is there
    conn.execute("ATTACH DATABASE ? AS party", (str(fresh),))
    conn.execute("BEGIN IMMEDIATE")
    party_state.apply(conn, [LastingChange("three-action", "Heroes", "Kara", "current.hp", 5, 30)], schema="party")
    conn.execute("COMMIT")
    conn.close()
    assert party_state.read(fresh, "three-action", "Heroes")["kara"]["current.hp"].value == 5


def _newer(path: Path) -> None:
    party_state.write(path, [LastingChange("three-action", "Heroes", "Kara", "current.hp", 21, 30)])
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {party_state.VERSION + 1}")
    conn.commit()
    conn.close()


@pytest.mark.parametrize("kind", ["newer", "text", "foreign"])
def test_a_newer_or_foreign_file_is_refused_with_one_line_and_left_byte_for_byte(
        catalogue: Catalogue, where: tuple[Path, Path], kind: str) -> None:
    _, db = where
    if kind == "newer":
        _newer(db)
    elif kind == "text":
        db.write_bytes(b"my notes on the party\n" * 50)
    else:
        conn = sqlite3.connect(db)
        conn.execute("CREATE TABLE recipes (name TEXT)")
        conn.commit()
        conn.close()
    before = db.read_bytes()
    change = LastingChange("three-action", "Heroes", "Kara", "current.hp", 1, 30)
    for attempt in (lambda: party_state.write(db, [change]), lambda: party_state.read(db, "three-action", "Heroes")):
        with pytest.raises(SaveError) as err:
            attempt()
        message = str(err.value)
        assert "\n" not in message and "party-state.sqlite" in message and "left as it is" in message, message
    with pytest.raises(SaveError, match=r"newer|not a combat-tui"):
        fight(catalogue, where, "add @Heroes")  # no party from a state it cannot read: it says why
    enc = Encounter.new(catalogue.get("three-action"))
    enc.library = lib(catalogue, where)
    enc.library.keep = party_state.writer(db)
    enc.library.lasting = None  # the party from its file, but the end must go to the refused file
    enc.run("add @Heroes")
    enc.library.lasting = party_state.reader(db)
    enc.run("dmg Kara 1")
    with pytest.raises(SaveError):
        enc.run("end")
    assert not enc.state.clock.ended  # the end failed whole
    assert db.read_bytes() == before


def test_a_write_that_waits_past_the_timeout_for_another_is_one_line(where: tuple[Path, Path],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    _, db = where
    change = LastingChange("three-action", "Heroes", "Kara", "current.hp", 1, 30)
    party_state.write(db, [change])
    monkeypatch.setattr(party_state, "BUSY_SECONDS", 0.2)
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(SaveError, match="busy") as err:
            party_state.write(db, [change])
        assert "\n" not in str(err.value)
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_what_is_read_back_is_cleaned_and_bounded_and_a_row_that_does_not_fit_is_passed_over(
        catalogue: Catalogue, where: tuple[Path, Path]) -> None:
    _, db = where
    party_state.write(db, [LastingChange("three-action", "Heroes", "Kara", "current.hp", 22, 30)])
    conn = sqlite3.connect(db)
    rows = [("kara", "conditions", '[{"id":"poisoned\\u001b[2J","value":1}]', "[]"),
            ("bryn", "current.hp", str(10**30), "null"),
            ("bryn", "tallies.casts:x\\u0007", "2000", "0"),
            ("bryn", "nonsense", "1", "0"),
            ("bryn", "injuries.arm.1", "[" * 5000, "0")]
    conn.executemany("INSERT INTO lasting VALUES ('three-action', 'heroes', ?, ?, ?, ?)", rows)
    conn.commit()
    conn.close()
    kept = party_state.read(db, "three-action", "Heroes")
    assert kept["kara"]["conditions"].value == [{"id": "poisoned[2J", "value": 1, "until": None}]
    assert "bryn" not in kept and kept["kara"]["current.hp"].value == 22
    kara = member(catalogue, where, "Kara")  # a condition the ruleset has not: her kept state is passed over
    assert kara.current["hp"] == 30 and kara.conditions == []


def test_a_rest_of_the_party_from_a_fight_changes_none_of_the_fights_creatures(catalogue: Catalogue,
                                                                               where: tuple[Path, Path]) -> None:
    fight(catalogue, where, "add @Heroes", "dmg Kara 2", "cond Kara shaken until=long-rest", "end")
    enc = fight(catalogue, where, "add Goblin hp=7")
    enc.run("rest long @Heroes")
    goblin = enc.state.roster()[0]
    assert goblin.came_in is None and goblin.party is None
    assert member(catalogue, where, "Kara").conditions == []
