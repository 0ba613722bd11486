"""Pure game engines: no I/O, no Telegram, no SQL, no clock, no global random."""
