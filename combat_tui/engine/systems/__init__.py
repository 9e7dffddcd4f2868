"""The built-in systems a ruleset's `hooks` key may name: code for what its data cannot say."""

from __future__ import annotations

from ..hooks import Hooks
from . import body_injury, boon_bane, energy_stamina, time_count

REGISTRY: dict[str, type[Hooks]] = {
    "body_injury": body_injury.Hooks,
    "boon_bane": boon_bane.Hooks,
    "energy_stamina": energy_stamina.Hooks,
    "time_count": time_count.Hooks,
}
