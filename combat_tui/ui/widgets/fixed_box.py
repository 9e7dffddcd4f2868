"""A widget whose box the stylesheet sizes, so that what it shows changes no layout.

Textual lays out the whole screen whenever a widget's virtual size changes (an input's text at every
letter, a list filtered, a label given new words, a box resized by the last layout): a few ms, and often
a second frame. Where the widget's own box does not follow its content, that layout changes nothing.
"""

from __future__ import annotations

from textual.geometry import Size
from textual.reactive import Reactive


class FixedBox:
    """Put first in a widget's bases: its virtual size changes without a layout of the screen."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)
