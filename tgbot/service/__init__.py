"""The service layer: every use case of the bot, each one unit of work over the store.

Telegram handlers, the deadline sweep and the delivery loop call these and nothing below them:

- `games`: the game service the handlers use (play, refresh, remind, bot seats, removal);
- `commands` and `scene`: a command on a running game (load once, apply, save once with
  what each audience should see);
- `lobby`, `game_status`, `notes`: gathering a table, dealing and cancelling it, front notes;
- `timeouts`: claiming and playing due deadlines and reminders;
- `deliveries`: claiming and settling delivery rows, and Telegram's chat lifecycle;
- `profiles` and `reads`: users and chats, and the reads the front needs.
- `errors` and `rows`: the storage errors a use case raises and the game row's type and
  status, as the handlers see them (they import nothing from storage/ themselves, and run
  a use case through `GameService.run` rather than holding the unit-of-work factory).

`storage/` below holds only the tables, repositories, unit of work and migrations (and the
replay and export tools); `core/` holds the rules.
"""
