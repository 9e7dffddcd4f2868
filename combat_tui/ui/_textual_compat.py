"""Every use of Textual's private parts, in one place, each with why the public API does not do.

The rest of `combat_tui/ui` uses Textual's public API only (a test counts the private names used
outside this module, and keeps it at zero). What is here was checked against the Textual versions in
`CHECKED_WITH`; a test fails on any other, to have this module read again against the new one.
"""

from __future__ import annotations

from textual.widgets._footer import FooterKey as FooterKey  # not exported by textual.widgets
from textual.widgets._header import HeaderTitle as HeaderTitle  # not exported by textual.widgets

CHECKED_WITH = ("8.2.8",)
