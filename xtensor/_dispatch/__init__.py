"""Dispatch: turn an op record plus operands into a plan and run it on a backend."""
