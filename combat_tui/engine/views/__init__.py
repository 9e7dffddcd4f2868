"""The engine's views room: what screens show, as plain values that import nothing heavy."""
