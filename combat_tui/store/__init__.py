"""Where what lasts between fights is kept: SQLite files, read and written only here."""
