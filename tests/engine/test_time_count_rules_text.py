"""`time-count` checked against its rules text: each test quotes the sentence it comes from."""

from __future__ import annotations

import pytest
from helpers import Make, combatant, cond, conds, next_tc, pool, prompts, tc, var

from combat_tui.engine.encounter import Encounter
from combat_tui.engine.rules.speed import shift_class
from combat_tui.engine.state.errors import CommandError
from combat_tui.store.rulesets import Catalogue


def _straight(enc: Encounter, name: str, tcs: int = 4) -> None:
    """`tcs` TC of moving straight, one move a TC."""
    for _ in range(tcs):
        enc.run(f"act {name} move")
        enc.run("next")


@pytest.fixture
def enc(make: Make) -> Encounter:
    return make("time-count", seed=11)


# -- speed factors ----------------------------------------------------------------------------------


def test_a_creature_killed_on_its_own_count_still_takes_its_action(enc: Encounter) -> None:
    """"If two numbers match, then the actions occur at the same time. This means that all actions take
    place and all dice are rolled before any of the effects are applied.\""""
    enc.run("add Ogre init=7 hp=10")
    enc.run("add Imp init=7 hp=10")
    enc.run("add Hero pc init=9")
    enc.run("start")
    enc.run("dmg Imp 30")  # the Ogre's blow, entered first
    assert "dead" in conds(enc, "Imp")
    lines = enc.run("act Imp attack sf=4")  # its blow on the same count still lands
    assert any("acts with the others on TC 7" in line for line in lines)
    enc.run("next")
    with pytest.raises(CommandError, match="cannot act"):
        enc.run("act Imp attack sf=4")  # no action on a later count


def test_a_creature_dead_before_its_count_does_not_act(enc: Encounter) -> None:
    """Only actions on the same count are simultaneous: one killed before its count comes has no action."""
    enc.run("add Ogre init=5 hp=10")
    enc.run("add Imp init=7 hp=10")
    enc.run("start")
    enc.run("dmg Imp 30")  # at TC 5, the Imp's count is 7
    with pytest.raises(CommandError, match="cannot act"):
        enc.run("act Imp attack sf=4")


def test_magic_healing_does_not_undo_poison_damage(enc: Encounter) -> None:
    """"Poison damage can only be healed through natural healing or certain spells that specifically heal
    poison damage.\""""
    enc.run("add Guard hp=10")
    enc.run("dmg Guard 6 poison")  # past the ToP of 3: 3 off HP, 3 fatigue
    assert (pool(enc, "Guard", "hp"), pool(enc, "Guard", "fatigue")) == (7, 3)
    lines = enc.run("heal Guard 10")
    assert pool(enc, "Guard", "invigoration") == 0 and pool(enc, "Guard", "fatigue") == 3
    assert any("poison damage heals only naturally" in line for line in lines)
    enc.run("dmg Guard 2 slashing")  # a wound of another kind heals as before
    enc.run("heal Guard 10")
    assert pool(enc, "Guard", "fatigue") == 3
    enc.run("heal Guard 4 poison")  # healing aimed at poison: the HP part, then the fatigue
    assert pool(enc, "Guard", "invigoration") == 3 and pool(enc, "Guard", "fatigue") == 2
    enc.run("spend Guard fatigue 2")  # natural healing, given by the GM
    assert pool(enc, "Guard", "fatigue") == 0
    enc.run("dmg Guard 2")
    enc.run("heal Guard 2")
    assert pool(enc, "Guard", "fatigue") == 0  # no stale poison left to hold it back


def test_a_fumble_adds_1d6_to_the_weapons_sf(enc: Encounter) -> None:
    """"He is unsteady until he acts again, and adds 1d6 to his weapon's SF to determine when he recovers.\""""
    enc.run("add Ogre init=5")
    enc.run("add Imp init=50")
    enc.run("start")
    enc.run("act Ogre fumble class=standard")  # NPC: the static 9, then the 1d6
    assert 5 + 9 + 1 <= next_tc(enc, "Ogre") <= 5 + 9 + 6
    assert {"fumbled", "unsteady"} <= conds(enc, "Ogre")


def test_slashing_impairments_and_petrification_slow_weapon_speed_factors(enc: Encounter) -> None:
    """Slashing impairment: "+1 to Weapon Speed Factors"; petrification: "Each point of petrification
    damage causes a -1 to hit, +1 to SF\""""
    enc.run("add Ogre init=5")
    enc.run("add Imp init=90")
    enc.run("start")
    enc.run("gain Ogre impair_slashing 2")
    enc.run("dmg Ogre 1 petrification")
    enc.run("act Ogre attack class=standard")  # 9 + 2 slashing + 1 petrification
    assert next_tc(enc, "Ogre") == 5 + 12
    enc.run("next")
    enc.run("act Ogre draw-weapon")  # not a weapon's SF: petrification only (Rapid 2 + 1)
    assert next_tc(enc, "Ogre") == 17 + 3
    enc.run("set use_impairments 0")  # the optional rule off: impairments count for nothing
    enc.run("next")
    enc.run("act Ogre attack class=standard")
    assert next_tc(enc, "Ogre") == 20 + 10


def test_shifting_a_speed_class(catalogue: Catalogue) -> None:
    """"Effects that modify speed class cannot improve the class beyond Rapid unless otherwise specified"
    and "if a speed class is slowed beyond sedentary, then just add another 4 points onto the SF for every
    additional step it is slowed.\""""
    rs = catalogue.get("time-count")

    def shifted(cls: str, steps: int) -> tuple[str, int]:
        s = shift_class(rs, cls, steps)
        return s.speed.id, s.extra_sf

    assert shifted("standard", 1) == ("slow", 0)  # "one class slower"
    assert shifted("standard", -2) == ("swift", 0)
    assert shifted("swift", -3) == ("rapid", 0)  # never faster than Rapid
    assert shifted("rapid", -1) == ("rapid", 0)
    assert shifted("free", -1) == ("free", 0)  # already faster: a shift does not slow it to Rapid
    assert shifted("free", 1) == ("rapid", 0)
    assert shifted("sedentary", 1) == ("sedentary", 4)
    assert shifted("lethargic", 3) == ("sedentary", 8)
    assert shifted("net", 2) == ("net", 0)  # a timing off the ladder has no class to shift


def test_quick_strike_is_one_class_faster_but_never_past_rapid(enc: Encounter) -> None:
    """Quick Strike: "Speed: Weapon Speed Class-1" ... "No attack can go faster than Rapid.\""""
    enc.run("add Ogre init=5")
    enc.run("add Imp init=90")
    enc.run("start")
    enc.run("act Ogre quick-strike class=standard")  # Fast: static 6
    assert next_tc(enc, "Ogre") == 11
    enc.run("next")
    enc.run("act Ogre quick-strike class=rapid")  # stays Rapid: static 2
    assert next_tc(enc, "Ogre") == 13
    enc.run("next")
    enc.run("act Ogre disarm class=standard")  # Weapon Speed Class+1: Slow, 12
    assert next_tc(enc, "Ogre") == 25


# -- paralysis and petrification -----------------------------------------------------------------


def test_paralysis_slows_every_action_by_speed_classes(enc: Encounter) -> None:
    """"When your total paralysis damage is greater than or equal to half your Vigor, all actions you take
    are slowed by one speed class" ... "For each additional multiple of half your Vigor, all penalties are
    worsened by 1.\""""
    enc.run("add Ogre init=5 vigor=10")
    enc.run("add Imp init=90")
    enc.run("start")
    enc.run("dmg Ogre 10 paralysis")
    enc.run("resolve")  # two halves of Vigor: penalty 2
    assert cond(enc, "Ogre", "paralysis-penalty")["value"] == 2
    enc.run("act Ogre attack class=fast")  # Fast -> Standard -> Slow: 12
    assert next_tc(enc, "Ogre") == 17
    enc.run("next")
    enc.run("act Ogre open-door")
    assert next_tc(enc, "Ogre") == 17 + 9  # Swift -> Fast -> Standard


@pytest.mark.parametrize("how", ["dmg Ogre 30 paralysis", "dmg Ogre 10 petrification"])
def test_full_paralysis_or_petrification_means_no_turns(enc: Encounter, how: str) -> None:
    """"If your total paralysis damage is three times your Vigor or more, you are completely immobile and
    unable to move or act." Petrification: "Once a character has sustained 10 points of petrification
    damage, he is fully petrified.\""""
    enc.run("add Ogre init=5 vigor=10")
    enc.run("add Imp init=6")
    enc.run("start")
    enc.run(how)
    while enc.state.prompts:
        enc.run("resolve")
    assert {"paralyzed", "petrified"} & conds(enc, "Ogre")
    with pytest.raises(CommandError):
        enc.run("act Ogre attack sf=4")  # not its turn: it has none
    for _ in range(4):
        enc.run("next")
        assert enc.view()["active"] == ["Imp"]  # the clock runs on; the Ogre has no turn
        enc.run("act Imp attack sf=5")
    assert "Ogre" not in enc.view()["order"]
    freed = "paralyzed" if "paralyzed" in conds(enc, "Ogre") else "petrified"
    enc.run(f"uncond Ogre {freed}")
    assert next_tc(enc, "Ogre") == tc(enc)  # back: it acts now


# -- consciousness --------------------------------------------------------------------------------


def test_out_cold_ten_tc_for_each_point_however_many(enc: Encounter) -> None:
    """"Once unconscious, you will remain that way at least 10 TC for each point by which you failed your
    check.\""""
    enc.run("add Guard hp=6 init=4")
    enc.run("add Hero pc init=5")
    enc.run("start")
    enc.run("gain Guard fatigue 6")
    enc.run("resolve value=-13")
    assert cond(enc, "Guard", "out-cold")["remaining"] == 130


def test_a_failed_wake_up_check_schedules_the_next_one_1d10_tc_on(enc: Encounter) -> None:
    """"If you fail, you make another check every 1d10 TC.\""""
    enc.run("add Guard hp=6 init=4")
    enc.run("add Hero pc init=5")
    enc.run("start")
    enc.run("gain Guard fatigue 6")
    enc.run("resolve value=-1")  # out until TC 14
    enc.run("next")
    enc.run("act Hero attack sf=100")
    enc.run("next")
    assert tc(enc) == 14 and prompts(enc) == [("Guard", "Wake up (Con check)")]
    checks = [14]
    for _ in range(3):
        enc.run("resolve value=-1")
        wait = next_tc(enc, "Guard") - tc(enc)
        assert 1 <= wait <= 10
        enc.run("next")  # straight to the next check: no TC in between asks anything
        assert tc(enc) == checks[-1] + wait and prompts(enc) == [("Guard", "Wake up (Con check)")]
        checks.append(tc(enc))
    enc.run("resolve value=0")
    assert "unconscious" not in conds(enc, "Guard")


# -- spells ----------------------------------------------------------------------------------------


@pytest.fixture
def casting(enc: Encounter) -> Encounter:
    enc.run("add Mage pc init=5")
    enc.run("add Ogre init=8")
    enc.run("start")
    enc.run("act Mage prepare-spell sf=20 value=0")  # casting time 20: ready at TC 25
    enc.run("next")
    assert tc(enc) == 8
    return enc


def test_a_spell_can_be_abandoned_during_its_casting_time(casting: Encounter) -> None:
    """"You may decide to cancel the action at any time and resume acting normally on the following TC.\""""
    enc = casting
    assert "spellcasting" in conds(enc, "Mage")
    enc.run("act Mage abandon-spell")
    assert "spellcasting" not in conds(enc, "Mage") and var(enc, "Mage", "casting_dc") == 0
    assert next_tc(enc, "Mage") == 9


def test_walking_while_preparing_adds_to_the_dc_not_to_the_time(casting: Encounter) -> None:
    """"You may walk while preparing the spell, but each turn of movement adds 1 to the casting DC.\""""
    enc = casting
    dc = var(enc, "Mage", "casting_dc")
    enc.run("act Mage walk-casting")
    enc.run("act Mage walk-casting")
    assert var(enc, "Mage", "casting_dc") == dc + 2 and next_tc(enc, "Mage") == 25
    with pytest.raises(CommandError):
        enc.run("act Mage draw-weapon")  # anything else waits for its TC


def test_damage_or_fatigue_while_preparing_adds_to_the_casting_dc(casting: Encounter) -> None:
    """"If you take damage or fatigue before the spell is prepared, add the total amount taken to the casting
    DC.\""""
    enc = casting
    dc = var(enc, "Mage", "casting_dc")
    enc.run("dmg Mage 5")  # ToP 3: 3 fatigue and 2 HP, 5 taken
    assert var(enc, "Mage", "casting_dc") == dc + 5
    enc.run("gain Mage fatigue 2")  # fatigue from anything else counts too
    assert var(enc, "Mage", "casting_dc") == dc + 7
    enc.run("heal Mage 1")
    assert var(enc, "Mage", "casting_dc") == dc + 7


def test_casting_pays_a_fatigue_point_for_each_charge(casting: Encounter) -> None:
    """"Whether successful or not, you spend the fatigue cost of the spell plus any charges when you attempt
    to cast\""""
    enc = casting
    enc.run("act Ogre attack sf=17")
    enc.run("next")  # TC 25: the spell is ready
    enc.run("act Mage charge-spell")
    enc.run("next")
    enc.run("act Mage charge-spell")
    enc.run("next")
    assert pool(enc, "Mage", "charges") == 2
    enc.run("act Mage cast-spell")
    assert pool(enc, "Mage", "fatigue") == 2 and pool(enc, "Mage", "charges") == 0


def test_a_held_spell_fades_after_about_a_minute(casting: Encounter) -> None:
    """"Generally, if a spell is not completed and cast within the span of the encounter, or immediately
    thereafter, it is lost to no effect (assume a time limit of approximately 1 minute...)\""""
    enc = casting
    enc.run("act Ogre attack sf=17")
    enc.run("next")
    assert tc(enc) == 25 and "spell-prepared" in conds(enc, "Mage")
    assert cond(enc, "Mage", "spell-prepared")["remaining"] == 120
    enc.run("act Mage draw-weapon sf=200")
    while tc(enc) <= 145:
        for name in enc.view()["active"]:
            enc.run(f"act {name} attack sf=30")
        enc.run("next")
    assert "spell-prepared" not in conds(enc, "Mage") and var(enc, "Mage", "casting_dc") == 0


def test_a_held_spell_is_lost_when_the_encounter_ends(casting: Encounter) -> None:
    """"Generally, if a spell is not completed and cast within the span of the encounter, or immediately
    thereafter, it is lost to no effect\""""
    enc = casting
    enc.run("act Ogre attack sf=17")
    enc.run("next")
    assert "spell-prepared" in conds(enc, "Mage") and var(enc, "Mage", "casting_dc") > 0
    lines = enc.run("end")
    assert "spell-prepared" not in conds(enc, "Mage") and var(enc, "Mage", "casting_dc") == 0
    assert any("fades" in line for line in lines), lines
    enc.run("undo")  # the fight goes on after all: the spell is still held
    assert "spell-prepared" in conds(enc, "Mage")


def test_the_gm_may_keep_a_held_spell_until_cast(casting: Encounter) -> None:
    enc = casting
    enc.run("set held_spell_tc 0")
    enc.run("act Ogre attack sf=17")
    enc.run("next")
    assert cond(enc, "Mage", "spell-prepared")["remaining"] is None


def test_concentrating_takes_no_turn_but_adds_its_sf(enc: Encounter) -> None:
    """Concentrate: "This action does not take a turn on its own. Instead, add the SF of this action to that
    of whatever other action you perform.\""""
    enc.run("add Mage init=5")
    enc.run("add Ogre init=90")
    enc.run("start")
    enc.run("act Mage concentrate")
    assert next_tc(enc, "Mage") == 5 and enc.view()["active"] == ["Mage"]  # still its turn
    enc.run("act Mage attack class=standard")
    assert next_tc(enc, "Mage") == 5 + 9 + 1
    enc.run("next")
    enc.run("act Mage attack class=standard")  # nothing left over from before
    assert next_tc(enc, "Mage") == 15 + 9
    enc.run("act Mage control-mount")  # said after the action it went with: +2 all the same
    assert next_tc(enc, "Mage") == 15 + 9 + 2


# -- running --------------------------------------------------------------------------------------


def test_running_calls_for_its_check_every_30_tc(enc: Encounter) -> None:
    """"When you begin running, and every 30 TC spent running thereafter, make a DC 20 Athletics (Con)
    check\""""
    enc.run("add Runner init=5")
    enc.run("start")
    _straight(enc, "Runner")  # TC 5 to 8: the 4 TC a run needs first
    enc.run("act Runner start-running")
    assert prompts(enc) == [("Runner", "Running endurance check")]
    enc.run("resolve value=3")
    enc.run("next")
    seen = []
    while tc(enc) < 74:
        enc.run("act Runner move")  # a TC at a time
        enc.run("next")
        if prompts(enc):
            seen.append(tc(enc))
            enc.run("resolve value=3")
    assert seen == [39, 69]  # every 30 TC of the run, begun at TC 9


def test_sprinting_calls_for_its_check_every_20_tc(enc: Encounter) -> None:
    """"After every 20 TC spent sprinting, you must make a DC 20 Athletics (Con) check" ... "If you are not
    already running when you begin sprinting, then you must make the check when you begin sprinting as
    well.\""""
    enc.run("add Runner init=5")
    enc.run("start")
    enc.run("act Runner shift-poised sf=1")
    enc.run("next")
    enc.run("act Runner start-sprinting")
    assert set(prompts(enc)) == {("Runner", "Start sprinting (Athletics Str)"),
                                 ("Runner", "Sprinting endurance check")}
    enc.run("resolve value=3")
    enc.run("resolve value=3")
    assert "sprinting" in conds(enc, "Runner")
    enc.run("next")
    seen = []
    while tc(enc) < 50:
        enc.run("act Runner move")
        enc.run("next")
        if prompts(enc):
            seen.append(tc(enc))
            enc.run("resolve value=3")
    assert seen == [26, 46]
    enc.run("act Runner stop-running")
    assert "run-timer" not in conds(enc, "Runner")


# -- found on reading the text again --------------------------------------------------------------


def test_petrification_takes_a_quarter_of_the_speed_every_two_points(enc: Encounter) -> None:
    """"Additionally, every 2 points reduces your speed by ¼ (to a minimum of 0 ft at 8 damage).\""""
    enc.run("add Hero pc speed=20")
    enc.run("prompt Hero movement-pattern")
    enc.run("resolve")
    enc.run("dmg Hero 2 petrification")
    enc.run("prompt Hero movement-pattern")
    lines = enc.run("resolve")
    assert any("15 ft" in line for line in lines)
    enc.run("dmg Hero 6 petrification")
    enc.run("prompt Hero movement-pattern")
    lines = enc.run("resolve")
    assert any("cannot move" in line for line in lines)


def test_dying_ends_when_fatigue_falls_below_twice_hp(enc: Encounter) -> None:
    """"If your fatigue equals or exceeds double your current HP, you are dying\""""
    enc.run("add Guard hp=6")
    enc.run("gain Guard fatigue 12")
    assert "dying" in conds(enc, "Guard")
    enc.run("spend Guard fatigue 2")
    assert "dying" not in conds(enc, "Guard")


def test_a_stabilized_creature_checks_to_wake_by_minutes(enc: Encounter) -> None:
    """"If you were dying, unconscious, and stabilized, then you begin making checks to regain consciousness
    after 2d10 minutes, and continue to make them every 1d6 minutes thereafter.\""""
    enc.run("add Guard hp=6 init=4")
    enc.run("add Medic pc init=5")
    enc.run("start")
    enc.run("gain Guard fatigue 12")
    enc.run("resolve value=-2")
    assert {"dying", "unconscious"} <= conds(enc, "Guard")
    enc.run("next")
    enc.run("act Medic stabilize on=Guard")
    assert "dying" not in conds(enc, "Guard") and "stabilized" in conds(enc, "Guard")
    first = next_tc(enc, "Guard") - tc(enc)
    assert 2 * 120 <= first <= 20 * 120
    while enc.view()["active"] != ["Guard"]:
        for name in enc.view()["active"]:
            enc.run(f"act {name} backpack sf=500")
        enc.run("next")
    assert prompts(enc) == [("Guard", "Wake up (Con check)")]
    enc.run("resolve value=-1")
    assert 120 <= next_tc(enc, "Guard") - tc(enc) <= 6 * 120


@pytest.mark.parametrize(("setup", "label"), [
    ("cond Hero running", "30 ft"),  # "Running increases your movement by half your base speed"
    ("cond Hero parrying", "10 ft"),  # Parrying: "You move at half speed"
    ("cond Hero spellcasting", "10 ft"),  # Spellcasting: "except move at half speed while casting"
    ("cond Hero grabbed from=Imp", "cannot move"),  # Grab: "The target is immobilized"
])
def test_the_movement_rate_follows_what_the_creature_is_doing(enc: Encounter, setup: str, label: str) -> None:
    """Each state the text gives a speed for changes the squares a creature moves each TC."""
    enc.run("add Hero pc speed=20")
    enc.run("add Imp")
    enc.run(setup)
    enc.run("prompt Hero movement-pattern")
    lines = enc.run("resolve")
    assert any(label in line for line in lines), lines


def test_a_sprint_needs_four_tc_of_running_first(enc: Encounter) -> None:
    """"If you wish to sprint, then you must first be running for at least 4 TC. If you are poised before
    you begin your run, then these requirements are ignored.\""""
    enc.run("add Runner init=5")
    enc.run("start")
    _straight(enc, "Runner")
    enc.run("act Runner start-running")
    enc.run("resolve value=3")
    enc.run("next")
    with pytest.raises(CommandError, match="4 TC of running"):
        enc.run("act Runner start-sprinting")
    for _ in range(3):
        enc.run("act Runner move")
        enc.run("next")
    assert tc(enc) == 13
    enc.run("act Runner start-sprinting")
    assert ("Runner", "Start sprinting (Athletics Str)") in prompts(enc)


# -- spells by name, their fatigue, the casting check ----------------------------------------------


def _cast(enc: Encounter, spell: str, cost: int) -> None:
    """Prepare a spell (casting time 1), let the clock reach it, cast it and settle its check."""
    enc.run(f"act Mage prepare-spell sf=1 what={spell} value={cost}")
    enc.run("next")
    enc.run("act Mage cast-spell")
    while enc.state.prompts:
        enc.run("resolve")
    enc.run("next")


@pytest.fixture
def mage(enc: Encounter) -> Encounter:
    enc.run("add Mage pc init=5 hp=40")
    enc.run("add Ogre init=900")
    enc.run("start")
    return enc


def test_the_plus_3_counts_earlier_castings_of_the_same_spell_that_day(mage: Encounter) -> None:
    """"If you have cast the spell previously in the same day, add 3 to the casting DC for each prior
    casting.\""""
    enc = mage
    _cast(enc, "Fireball", 2)
    _cast(enc, "Fireball", 2)
    enc.run("act Mage prepare-spell sf=1 what=Light value=1")
    assert var(enc, "Mage", "casting_dc") == 10 + 1  # another spell: no earlier casting of it
    enc.run("act Mage abandon-spell")
    enc.run("next")
    enc.run("act Mage prepare-spell sf=1 what=fireball value=2")  # the name in any case
    assert var(enc, "Mage", "casting_dc") == 10 + 2 + 2 * 3
    enc.run("act Mage abandon-spell")  # prepared, never cast: not a casting
    enc.run("next")
    enc.run("act Mage prepare-spell sf=1 what=Fireball value=2")
    assert var(enc, "Mage", "casting_dc") == 10 + 2 + 2 * 3
    enc.run("rest long")  # a new day
    enc.run("act Mage abandon-spell")
    enc.run("next")
    enc.run("act Mage prepare-spell sf=1 what=Fireball value=2")
    assert var(enc, "Mage", "casting_dc") == 10 + 2


def test_the_casting_is_counted_for_the_spell_prepared(mage: Encounter) -> None:
    """"Whether successful or not, you spend the fatigue cost of the spell plus any charges when you attempt
    to cast, and the base DC of the next casting goes up by 3.\" The cast names no spell: it is the one
    prepared."""
    enc = mage
    enc.run("act Mage prepare-spell sf=1 what=Sleep value=1")
    enc.run("next")
    lines = enc.run("act Mage cast-spell")
    assert any("Sleep" in line for line in lines), lines
    enc.run("dismiss")
    enc.run("next")
    enc.run("act Mage prepare-spell sf=1 what=Sleep value=1")
    assert var(enc, "Mage", "casting_dc") == 10 + 1 + 3


def test_every_spell_counts_when_the_gm_reads_it_so(mage: Encounter) -> None:
    """The other reading of "the base DC of the next casting goes up by 3": any next casting."""
    enc = mage
    enc.run("set repeat_dc_any_spell 1")
    _cast(enc, "Fireball", 2)
    enc.run("act Mage prepare-spell sf=1 what=Light value=1")
    assert var(enc, "Mage", "casting_dc") == 10 + 1 + 3


def test_a_spell_costs_its_own_fatigue_when_cast(mage: Encounter) -> None:
    """"Note its fatigue cost and begin with a base casting DC of 10 plus the fatigue cost plus your armor
    spell failure." ... "Whether successful or not, you spend the fatigue cost of the spell plus any
    charges when you attempt to cast\""""
    enc = mage
    enc.run("edit Mage armor_spell_failure=2")
    with pytest.raises(CommandError, match="value="):
        enc.run("act Mage prepare-spell sf=1 what=Fireball")  # its fatigue cost is asked for
    enc.run("act Mage prepare-spell sf=1 what=Fireball value=3")
    assert var(enc, "Mage", "casting_dc") == 10 + 3 + 2
    enc.run("next")
    enc.run("act Mage charge-spell")
    enc.run("next")
    assert pool(enc, "Mage", "fatigue") == 0  # nothing is paid before the cast
    enc.run("act Mage cast-spell")
    assert pool(enc, "Mage", "fatigue") == 3 + 1
    assert var(enc, "Mage", "spell_cost") == 0


def test_a_held_spell_that_fades_costs_nothing(mage: Encounter) -> None:
    """"it is lost to no effect\" (the fatigue is spent only "when you attempt to cast")"""
    enc = mage
    enc.run("act Mage prepare-spell sf=1 what=Fireball value=3")
    enc.run("next")
    enc.run("act Mage abandon-spell")
    assert (pool(enc, "Mage", "fatigue"), var(enc, "Mage", "spell_cost")) == (0, 0)


@pytest.mark.parametrize(("arcana", "outcome"), [(13, "The spell goes off"), (-7, "The spell fails")])
def test_casting_asks_for_the_arcana_check_against_the_casting_dc(mage: Encounter, arcana: int, outcome: str) -> None:
    """"In order to cast it successfully, you must roll a successful Arcana (Int) check equal to the casting
    DC.\""""
    enc = mage
    enc.run(f"edit Mage arcana_int={arcana}")
    enc.run("act Mage prepare-spell sf=1 what=Fireball value=4")  # DC 14
    enc.run("next")
    enc.run("act Mage cast-spell")
    assert prompts(enc) == [("Mage", "Casting check (Arcana Int)")]
    lines = enc.run("resolve")  # d20 + 13 always reaches 14; d20 - 7 never does
    assert any(outcome in line for line in lines), lines


# -- celerity ---------------------------------------------------------------------------------------


def _celerity(enc: Encounter, name: str) -> str:
    enc.run(f"prompt {name} celerity-now")
    return " ".join(enc.run("resolve"))


def test_penalties_never_take_celerity_below_5(enc: Encounter) -> None:
    """"Penalties cannot drop your Celerity below 5.\""""
    enc.run("add Ogre celerity=8 vigor=10")
    assert "= 8 → Celerity as rolled" in _celerity(enc, "Ogre")
    enc.run("dmg Ogre 5 paralysis")
    enc.run("resolve")  # penalty 1
    assert "= 7 → Celerity as rolled" in _celerity(enc, "Ogre")
    enc.run("dmg Ogre 10 paralysis")
    enc.run("resolve")  # penalty 3: 8 - 3 = 5
    enc.run("dmg Ogre 1 petrification")  # and -1 more
    shown = _celerity(enc, "Ogre")
    assert "Celerity 5" in shown and "as rolled" not in shown


def test_an_immobile_creature_has_celerity_5(enc: Encounter) -> None:
    """"A character who is completely immobile also has a Celerity of 5.\""""
    enc.run("add Knight celerity=16")
    enc.run("add Imp")
    assert "Celerity as rolled" in _celerity(enc, "Knight")
    enc.run("cond Knight grabbed from=Imp")
    assert "Celerity 5" in _celerity(enc, "Knight")


# -- paralysis and an SF given as a number ---------------------------------------------------------


def test_paralysis_slows_an_sf_given_as_a_number(enc: Encounter) -> None:
    """"When your total paralysis damage is greater than or equal to half your Vigor, all actions you take
    are slowed by one speed class\" -- a weapon's SF typed as a number too: from the class it falls in."""
    enc.run("add Ogre init=5 vigor=10")
    enc.run("add Imp init=900")
    enc.run("start")
    enc.run("dmg Ogre 10 paralysis")
    enc.run("resolve")  # penalty 2
    enc.run("act Ogre attack sf=4")  # Swift (4) two classes slower: Standard (9)
    assert next_tc(enc, "Ogre") == 5 + 9
    enc.run("next")
    enc.run("act Ogre attack sf=7")  # in Fast (6): Slow (12), +6
    assert next_tc(enc, "Ogre") == 14 + 13
    enc.run("next")
    enc.run("act Ogre attack sf=25")  # Sedentary (22): +4 a step past it
    assert next_tc(enc, "Ogre") == 27 + 33
    enc.run("next")
    enc.run("act Ogre move")  # moving keeps its movement-rate timing
    assert next_tc(enc, "Ogre") == 60 + 1


def test_the_gm_may_slow_a_typed_sf_by_a_fixed_step(enc: Encounter) -> None:
    """The other reading: each speed class slower adds a fixed number to a typed SF."""
    enc.run("add Ogre init=5 vigor=10")
    enc.run("add Imp init=900")
    enc.run("start")
    enc.run("set typed_sf_step 3")
    enc.run("dmg Ogre 10 paralysis")
    enc.run("resolve")
    enc.run("act Ogre attack sf=4")
    assert next_tc(enc, "Ogre") == 5 + 4 + 2 * 3


def test_quick_strike_with_a_typed_sf_is_one_class_faster(enc: Encounter) -> None:
    """Quick Strike: "Speed: Weapon Speed Class-1" ... "No attack can go faster than Rapid.\""""
    enc.run("add Ogre init=5")
    enc.run("add Imp init=900")
    enc.run("start")
    enc.run("act Ogre quick-strike sf=10")  # in Standard (9): Fast (6), -3
    assert next_tc(enc, "Ogre") == 5 + 7
    enc.run("next")
    enc.run("act Ogre quick-strike sf=3")  # Rapid already: stays
    assert next_tc(enc, "Ogre") == 12 + 3


def test_petrification_adds_to_vigor_for_the_paralysis_steps(enc: Encounter) -> None:
    """"Each point of petrification damage causes a -1 to hit, +1 to SF, -1 to Celerity, and +1 to Vigor.\"
    with "When your total paralysis damage is greater than or equal to half your Vigor\""""
    enc.run("add Ogre vigor=10")
    enc.run("dmg Ogre 4 petrification")  # Vigor 14: half is 7
    enc.run("dmg Ogre 6 paralysis")
    assert prompts(enc) == [] and "paralysis-penalty" not in conds(enc, "Ogre")
    enc.run("dmg Ogre 1 paralysis")
    assert prompts(enc) == [("Ogre", "Paralysis penalties")]


# -- found on reading the text once more -----------------------------------------------------------


def test_a_parrying_creature_cannot_attack_or_cast(mage: Encounter) -> None:
    """Parrying: "Drawback: You move at half speed and are unable to attack or cast spells without special
    abilities that allow you to do so.\""""
    enc = mage
    enc.run("act Mage prepare-spell sf=1 what=Light value=1")
    enc.run("next")
    enc.run("act Mage shift-parrying sf=1")
    enc.run("next")
    for action in ("attack sf=6", "quick-strike sf=6", "cast-spell"):
        with pytest.raises(CommandError, match="parrying"):
            enc.run(f"act Mage {action}")
    enc.run("act Mage revert-stance")
    enc.run("act Mage cast-spell")
    assert "spell-prepared" not in conds(enc, "Mage")


def test_preparing_a_spell_shifts_into_the_spellcasting_stance(mage: Encounter) -> None:
    """Spellcasting: "Shift: Free (automatic when you begin preparing a spell)\" -- out of the stance it held."""
    enc = mage
    enc.run("act Mage shift-cautious sf=1")
    enc.run("next")
    enc.run("act Mage prepare-spell sf=3 what=Light value=1")
    assert "spellcasting" in conds(enc, "Mage") and "cautious" not in conds(enc, "Mage")


def test_alternating_weapons_is_one_class_faster(enc: Encounter) -> None:
    """"If your previous attack was with the other weapon, then you may choose to take a -4 penalty to hit and
    make your attack one speed class faster than normal.\""""
    enc.run("add Ogre init=5")
    enc.run("add Imp init=900")
    enc.run("start")
    enc.run("act Ogre alternate-attack class=standard")  # Fast: 6
    assert next_tc(enc, "Ogre") == 5 + 6
    enc.run("next")
    enc.run("act Ogre alternate-attack class=rapid")  # no faster than Rapid
    assert next_tc(enc, "Ogre") == 11 + 2


def test_petrification_heals_a_point_a_night_unless_fully_petrified(enc: Encounter) -> None:
    """"Creatures recover from petrification naturally at the rate of 1 point every 8 hours unless they are
    fully petrified, in which case only magical aid can restore the creature to its original form.\""""
    enc.run("add Ogre")
    enc.run("add Statue")
    enc.run("dmg Ogre 3 petrification")
    enc.run("dmg Statue 10 petrification")
    enc.run("rest long")
    assert pool(enc, "Ogre", "petrification") == 2
    assert pool(enc, "Statue", "petrification") == 10 and "petrified" in conds(enc, "Statue")


def test_a_failed_sprint_start_from_poised_is_a_run(enc: Encounter) -> None:
    """"When you begin sprinting, roll a DC 10 Athletics (Str) check. If you fail, then you are unable to begin
    sprinting, and instead are considered running.\" (from the poised stance: not running before)"""
    enc.run("add Runner init=5")
    enc.run("start")
    enc.run("act Runner shift-poised sf=1")
    enc.run("next")
    enc.run("act Runner start-sprinting")
    enc.run("resolve value=-1")  # the start check fails
    assert {"running", "unsteady"} <= conds(enc, "Runner") and "sprinting" not in conds(enc, "Runner")


@pytest.mark.parametrize(("every", "sprint_check", "run_check"), [(0, 2 + 2 * 1, 2 + 2 * 1), (1, 2 * 3, 3)])
def test_sprinting_checks_weigh_minus_2_on_top_of_the_running_ones(enc: Encounter, every: int, sprint_check: int,
                                                                     run_check: int) -> None:
    """"After every 20 TC spent sprinting, you must make a DC 20 Athletics (Con) check, with a -2 penalty for
    each previous check. These penalties are cumulative with those from running.\" Two running checks and one
    sprinting check made: -1 each for the running ones, -2 for the sprinting one (or, the other reading, -2
    for each check of either kind on a sprinting check)."""
    from combat_tui.engine.rules.ops import names_for
    from combat_tui.engine.ruleset import formula

    enc.run(f"set sprint_penalty_all {every}")
    enc.run("add Runner")
    for table in ("running-check", "running-check", "sprint-endurance"):
        enc.run(f"prompt Runner {table}")
        enc.run("resolve value=0")
    names = names_for(enc.state, enc.rs, next(iter(enc.state.combatants.values())))

    def penalty(table: str) -> int:
        return -formula.evaluate(enc.rs.table(table).roll.replace("1d20", "0"), names) - 20

    assert penalty("sprint-endurance") == sprint_check
    assert penalty("running-check") == run_check


def test_a_night_takes_a_point_off_the_single_worst_impairment(enc: Encounter) -> None:
    """"You recover one point from your single worst impairment every night, or two worst for a day of bed
    rest. If more than one type is tied for worst, it is randomly determined.\""""
    enc.run("add Ogre")
    enc.run("gain Ogre impair_bludgeoning 1")
    enc.run("gain Ogre impair_slashing 3")
    enc.run("rest short")  # not a night
    assert pool(enc, "Ogre", "impair_slashing") == 3
    enc.run("rest long")
    assert (pool(enc, "Ogre", "impair_bludgeoning"), pool(enc, "Ogre", "impair_slashing")) == (1, 2)
    enc.run("gain Ogre impair_piercing 2")  # tied with slashing: one of the two
    enc.run("rest long")
    left = {pid: pool(enc, "Ogre", pid) for pid in ("impair_bludgeoning", "impair_piercing", "impair_slashing")}
    assert left["impair_bludgeoning"] == 1 and sorted([left["impair_piercing"], left["impair_slashing"]]) == [1, 2]


def test_a_day_of_bed_rest_takes_a_point_off_the_two_worst_impairments(enc: Encounter) -> None:
    """"You recover one point from your single worst impairment every night, or two worst for a day of bed
    rest.\""""
    enc.run("add Ogre")
    enc.run("gain Ogre impair_bludgeoning 1")
    enc.run("gain Ogre impair_piercing 2")
    enc.run("gain Ogre impair_slashing 3")
    enc.run("cond Ogre bed-rest")
    enc.run("rest long")
    left = tuple(pool(enc, "Ogre", p) for p in ("impair_bludgeoning", "impair_piercing", "impair_slashing"))
    assert left == (1, 1, 2)
    assert "bed-rest" not in conds(enc, "Ogre")  # the day is over
    enc.run("rest long")  # an ordinary night again: only the worst
    left = tuple(pool(enc, "Ogre", p) for p in ("impair_bludgeoning", "impair_piercing", "impair_slashing"))
    assert left == (1, 1, 1)


def test_bed_rest_other_reading_takes_the_worst_twice(enc: Encounter) -> None:
    """"...or two worst for a day of bed rest": read the other way, two points off the worst."""
    enc.run("add Ogre")
    enc.run("gain Ogre impair_piercing 1")
    enc.run("gain Ogre impair_slashing 3")
    enc.run("set bed_rest_same_twice 1")
    enc.run("cond Ogre bed-rest")
    enc.run("rest long")
    assert (pool(enc, "Ogre", "impair_piercing"), pool(enc, "Ogre", "impair_slashing")) == (1, 1)


def test_a_feint_takes_half_the_weapons_sf(enc: Encounter) -> None:
    """Feint: "Speed: Weapon SF/2" (the SF table: "Feint ½SF")."""
    enc.run("add Ogre init=5")
    enc.run("add Imp init=50")
    enc.run("start")
    enc.run("act Ogre feint sf=9")  # half of 9, rounded down
    assert next_tc(enc, "Ogre") == 5 + 4
    enc.run("next")
    enc.run("act Ogre feint class=fast")  # NPC: static 6, halved
    assert next_tc(enc, "Ogre") == 9 + 3
    enc.run("next")
    enc.run("set feint_round_up 1")
    enc.run("act Ogre feint sf=9")
    assert next_tc(enc, "Ogre") == 12 + 5
    enc.run("next")
    enc.run("act Ogre feint sf=1")  # never below 1
    assert next_tc(enc, "Ogre") == 17 + 1


def test_two_weapons_at_once_take_the_worse_of_the_two_sfs(enc: Encounter) -> None:
    """"You may attack with both weapons simultaneously at a -6 to hit with each, provided that both attacks
    are against the same target. Roll both speed factors and take the worse result.\""""
    enc.run("add Ogre init=5")
    enc.run("add Hero pc init=6")
    enc.run("add Imp init=50")
    enc.run("start")
    enc.run("act Ogre two-weapon-attack class=swift,standard")  # NPC: statics 4 and 9, the worse is 9
    assert next_tc(enc, "Ogre") == 5 + 9
    enc.run("next")
    enc.run("act Hero two-weapon-attack class=rapid,slow")  # 1d4 against 1d8+8: always the slow one
    assert 6 + 9 <= next_tc(enc, "Hero") <= 6 + 16
    enc.run("next")
    with pytest.raises(CommandError, match="both weapons"):
        enc.run("act Ogre two-weapon-attack class=fast")  # one weapon's speed is not enough
    enc.run("act Ogre two-weapon-attack sf=7 class=fast")  # one typed, one class: 7 against 6
    assert next_tc(enc, "Ogre") == 14 + 7


def test_a_run_starts_only_after_four_tc_of_moving_straight(enc: Encounter) -> None:
    """"In order to start running, you must first move at your base speed for at least 4 TC in the same
    direction.\""""
    enc.run("add Runner init=5")
    enc.run("start")
    with pytest.raises(CommandError, match="4 TC of moving straight"):
        enc.run("act Runner start-running")
    _straight(enc, "Runner", 3)
    enc.run("act Runner move-turning")  # a new direction: the count starts again
    enc.run("next")
    _straight(enc, "Runner", 2)
    with pytest.raises(CommandError, match="4 TC of moving straight"):
        enc.run("act Runner start-running")
    _straight(enc, "Runner", 1)
    enc.run("act Runner draw-weapon")  # anything else breaks the line
    enc.run("next")
    with pytest.raises(CommandError, match="4 TC of moving straight"):
        enc.run("act Runner start-running")
    _straight(enc, "Runner")
    enc.run("act Runner start-running")
    assert "running" in conds(enc, "Runner")


def test_a_tackle_needs_a_move_just_before(enc: Encounter) -> None:
    """Tackle: "Requirements: ... your previous action must have been to move towards the target\""""
    enc.run("add Brute init=5")
    enc.run("add Imp init=50")
    enc.run("start")
    with pytest.raises(CommandError, match="straight after a move"):
        enc.run("act Brute tackle on=Imp")
    enc.run("act Brute move")
    enc.run("next")
    assert "moving" in conds(enc, "Brute")
    enc.run("act Brute tackle on=Imp")
    assert next_tc(enc, "Brute") == 6 + 9
    assert "moving" not in conds(enc, "Brute")  # the tackle was its last action now
    enc.run("next")
    with pytest.raises(CommandError, match="straight after a move"):
        enc.run("act Brute tackle on=Imp")


def test_a_coup_de_grace_fails_if_the_target_moves_during_the_preparation(enc: Encounter) -> None:
    """Coup de grace: "If the target moves during the preparation time, then it automatically fails.\""""
    enc.run("add Killer init=5")
    enc.run("add Victim init=6")
    enc.run("start")
    enc.run("cond Victim helpless")
    enc.run("act Killer prepare-coup on=Victim")
    assert "coup-target" in conds(enc, "Victim")
    enc.run("next")  # TC 6: the victim crawls away
    enc.run("act Victim move mod=19")  # and lies still again until TC 26
    assert "coup-target" not in conds(enc, "Victim")
    enc.run("next")
    assert tc(enc) == 5 + 12
    lines = enc.run("act Killer coup-de-grace on=Victim sf=6")
    assert any("fails" in line for line in lines)


def test_a_coup_de_grace_on_a_target_that_stayed_put_goes_ahead(enc: Encounter) -> None:
    """Coup de grace: "If the target moves during the preparation time, then it automatically fails.\""""
    enc.run("add Killer init=5")
    enc.run("add Victim init=60")
    enc.run("start")
    enc.run("cond Victim helpless")
    enc.run("act Killer prepare-coup on=Victim")
    enc.run("next")
    lines = enc.run("act Killer coup-de-grace on=Victim sf=6")
    assert lines and not any("fails" in line for line in lines)
    assert "coup-target" not in conds(enc, "Victim")


def test_a_space_packed_past_two_normal_creatures_allows_no_attacks(enc: Encounter) -> None:
    """"If the total size is more than two Normal-sized creatures, then none of the creatures may make an
    attack action, and they all use their Passive defenses.\""""
    enc.run("add Orc init=5")
    enc.run("add Imp init=50")
    enc.run("start")
    enc.run("cond Orc packed")
    for action in ("attack sf=6", "quick-strike class=fast", "feint sf=6", "trip", "grab on=Imp",
                   "two-weapon-attack class=fast,fast"):
        with pytest.raises(CommandError, match="packed"):
            enc.run(f"act Orc {action}")
    assert "unsteady" not in conds(enc, "Orc")
    enc.run("uncond Orc packed")
    enc.run("cond Orc crowded")  # only -4 to hit: attacks go on
    enc.run("act Orc attack sf=6")
    assert next_tc(enc, "Orc") == 11


def test_a_grabbed_caster_needs_an_arcana_con_check_of_10_plus_the_spells_level(enc: Encounter) -> None:
    """Grab: "Hit: The target is immobilized, takes a -2 penalty to hit until released, and must succeed on an
    Arcana (Con) check (DC 10 + spell level) to cast any spells.\""""
    enc.run("add Mage pc init=5 arcana_con=2")
    enc.run("add Imp init=60")
    enc.run("start")
    enc.run("act Mage prepare-spell what=Bolt value=2 sf=3")
    enc.run("next")
    enc.run("cond Mage grabbed from=Imp")
    with pytest.raises(CommandError, match="grabbed"):
        enc.run("act Mage cast-spell")
    with pytest.raises(CommandError, match="level"):
        enc.run("act Mage cast-grabbed")  # the level must be given
    enc.run("act Mage cast-grabbed value=3")
    assert prompts(enc) == [("Mage", "Casting while grabbed (Arcana Con)"), ("Mage", "Casting check (Arcana Int)")]
    lines = enc.run("resolve")
    total = next(line for line in lines if "Arcana Con" in line)
    assert "Arcana (Con) 2" in total and "Level of the spell cast 3" in total
    assert pool(enc, "Mage", "fatigue") == 2  # the cost is spent
    assert "spell-prepared" not in conds(enc, "Mage")


def test_a_minute_of_rest_takes_one_off_the_running_penalty(enc: Encounter) -> None:
    """"Your penalty to running decreases by 1 for every minute spent resting.\""""
    enc.run("add Runner init=5")
    enc.run("start")
    combatant(enc, "Runner").vars.update(run_checks=3, sprint_checks=1)  # vars: no command sets them; penalty 4
    enc.run("act Runner rest-minute")
    assert next_tc(enc, "Runner") == 5 + 120
    assert (var(enc, "Runner", "run_checks"), var(enc, "Runner", "sprint_checks")) == (3, 0)
    enc.run("next")
    enc.run("act Runner rest-minute")
    assert (var(enc, "Runner", "run_checks"), var(enc, "Runner", "sprint_checks")) == (2, 0)


def test_consecutive_moves_walk_through_the_movement_pattern(enc: Encounter) -> None:
    """"Whenever you start a new movement, begin at the first count, and every consecutive movement you make
    uses the next count.\""""
    enc.run("add Scout init=5")
    enc.run("start")
    counts = []
    for action in ("move", "move", "move-turning", "move", "move", "draw-weapon", "move"):
        enc.run(f"act Scout {action}")
        counts.append(pool(enc, "Scout", "move_count"))
        enc.run("next")
    assert counts == [1, 2, 3, 4, 1, 1, 1]  # round the pattern again; a new movement after drawing
