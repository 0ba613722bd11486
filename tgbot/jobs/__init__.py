"""Background jobs: the deadline sweep and the waker that runs it at each game's next moment."""
