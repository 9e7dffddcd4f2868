"""The parts of `make bench`, one a module; `bench.py` is the command line that runs them."""
