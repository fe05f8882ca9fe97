"""Checks of the source tree that CI runs besides the compilers' own."""
