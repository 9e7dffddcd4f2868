"""The players' view: a read-only app that follows the GM's save file and shows what the table may see."""
