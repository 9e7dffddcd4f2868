"""The Textual app: screens, dialogs and widgets over a `Session`."""
