"""Colt Express: the train robbery game, as a pure engine."""
