"""Durable truth: SQLModel tables, the unit of work and migrations."""
