"""Rich text to Textual strips, for the widgets that draw their own lines."""

from __future__ import annotations

from rich.console import Console
from rich.segment import Segment
from rich.text import Text
from textual.strip import Strip


def text_strip(line: Text, console: Console) -> Strip:
    """One line of text as a strip, its own style under its spans: `Text.render` yields only the spans'
    styles (Rich adds the text's own style when it prints), so a red note would come out plain."""
    segments: list[Segment] = list(line.render(console))
    if line.style:
        segments = list(Segment.apply_style(segments, console.get_style(line.style)))
    return Strip(segments, line.cell_len)
