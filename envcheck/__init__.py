"""envcheck: can this GPU server train deep-learning models? If not, why, and how to fix it."""

__version__ = "0.1.0"
