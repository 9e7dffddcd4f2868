"""A small block font for the name of whoever acts now, readable across the room.

Each glyph is five rows of pixels drawn with half blocks, so a letter is three terminal rows high.
Letters are drawn as capitals; a name with a character the font lacks is not drawn big at all
(`big` returns None) and the caller shows it as plain bold text instead, exactly as typed.
"""

from __future__ import annotations

from rich.text import Text

_GLYPHS: dict[str, tuple[str, ...]] = {
    "A": (".#.", "#.#", "###", "#.#", "#.#"), "B": ("##.", "#.#", "##.", "#.#", "##."),
    "C": (".##", "#..", "#..", "#..", ".##"), "D": ("##.", "#.#", "#.#", "#.#", "##."),
    "E": ("###", "#..", "##.", "#..", "###"), "F": ("###", "#..", "##.", "#..", "#.."),
    "G": (".##", "#..", "#.#", "#.#", ".##"), "H": ("#.#", "#.#", "###", "#.#", "#.#"),
    "I": ("###", ".#.", ".#.", ".#.", "###"), "J": ("..#", "..#", "..#", "#.#", ".#."),
    "K": ("#.#", "#.#", "##.", "#.#", "#.#"), "L": ("#..", "#..", "#..", "#..", "###"),
    "M": ("#...#", "##.##", "#.#.#", "#...#", "#...#"), "N": ("#..#", "##.#", "#.##", "#..#", "#..#"),
    "O": (".#.", "#.#", "#.#", "#.#", ".#."), "P": ("##.", "#.#", "##.", "#..", "#.."),
    "Q": (".#.", "#.#", "#.#", "##.", ".##"), "R": ("##.", "#.#", "##.", "#.#", "#.#"),
    "S": (".##", "#..", ".#.", "..#", "##."), "T": ("###", ".#.", ".#.", ".#.", ".#."),
    "U": ("#.#", "#.#", "#.#", "#.#", "###"), "V": ("#.#", "#.#", "#.#", "#.#", ".#."),
    "W": ("#...#", "#...#", "#.#.#", "##.##", "#...#"), "X": ("#.#", "#.#", ".#.", "#.#", "#.#"),
    "Y": ("#.#", "#.#", ".#.", ".#.", ".#."), "Z": ("###", "..#", ".#.", "#..", "###"),
    "0": ("###", "#.#", "#.#", "#.#", "###"), "1": (".#.", "##.", ".#.", ".#.", "###"),
    "2": ("##.", "..#", ".#.", "#..", "###"), "3": ("##.", "..#", ".#.", "..#", "##."),
    "4": ("#.#", "#.#", "###", "..#", "..#"), "5": ("###", "#..", "##.", "..#", "##."),
    "6": (".##", "#..", "###", "#.#", "###"), "7": ("###", "..#", ".#.", ".#.", ".#."),
    "8": ("###", "#.#", "###", "#.#", "###"), "9": ("###", "#.#", "###", "..#", "##."),
    " ": ("..", "..", "..", "..", ".."), "-": ("...", "...", "###", "...", "..."),
    ".": (".", ".", ".", ".", "#"), ",": (".", ".", ".", "#", "#"), "'": ("#", "#", ".", ".", "."),
    "!": ("#", "#", "#", ".", "#"), "?": ("##.", "..#", ".#.", "...", ".#."),
    "&": (".#.", "#.#", ".#.", "#.#", ".##"), "/": ("..#", "..#", ".#.", "#..", "#.."),
    "·": ("...", "...", ".#.", "...", "..."),
}

_HALF = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}


def width_of(text: str) -> int | None:
    """Columns `big(text)` takes, or None when the font cannot draw it."""
    glyphs = [_GLYPHS.get(ch.upper()) for ch in text]
    if not text or any(g is None for g in glyphs):
        return None
    return sum(len(g[0]) for g in glyphs if g is not None) + len(text) - 1


def big(text: str, style: str = "bold", max_width: int | None = None) -> Text | None:
    """Three rows of half blocks spelling `text`, or None if a character is missing or it is too wide."""
    width = width_of(text)
    if width is None or (max_width is not None and width > max_width):
        return None
    rows = ["" for _ in range(5)]
    for i, ch in enumerate(text):
        glyph = _GLYPHS[ch.upper()]
        for r in range(5):
            rows[r] += ("." if i else "") + glyph[r]
    rows.append("." * len(rows[0]))
    lines = []
    for top, bottom in zip(rows[0::2], rows[1::2], strict=True):
        lines.append("".join(_HALF[(a == "#", b == "#")] for a, b in zip(top, bottom, strict=True)))
    return Text("\n".join(lines), style=style, justify="left")  # left: every row keeps its width
