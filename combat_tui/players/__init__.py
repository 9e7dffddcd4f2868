"""The players' view served to browsers, apart from drawing it: addresses and free ports, `combat-tui serve`
run as a child of the app, and what one browser may send. No Textual: the view itself is `ui/player/`."""
