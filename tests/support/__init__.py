"""What tests of every layer share, each piece in one place.

- `clock.HandClock`: the one clock a test moves by hand; the bot reads it as aware UTC
  datetimes (the service's and build_application's `now`), the fake Bot API as Unix
  seconds (`FakeBotApi(clock=clock.timestamp)`).
  `clock.SkippingClock` is real time a test skips ahead in, for the flood budgets of a
  bot running in real time (build_application's `limiter_clock` and the fake Bot API).
- `waiting.until`: wait, in real time, for a condition the running bot makes true.
- `bot`: launch the real bot against the fake Bot API, in the test's event loop
  (`running_bot`, `running`) or as a process of its own (`bot_process`).
- `fake_uow` (and `fake_store`, its store and repositories): the in-memory unit of work
  (`MemoryStore`, `fake_uow_factory`) with the SQL one's interface and semantics, for the
  service tests and the benches; it is no part of the bot.

Two Telegram fakes stay, one per layer:

- tests/fakebot/ is the fake Bot API *server*: HTTP, updates, chats, rights, flood limits
  and faults, as Telegram has them. The e2e tests run the real application (PTB's HTTP
  stack, the rate limiter, the inbox) against it.
- tests/tgbot/fakes.py's `FakeBot` is a *recorder* at the service layer: it stands for the
  delivery loop's `post_raw` and a handler's `bot` in-process, records each call as
  (kind, data) and answers at once. The service and handler tests (and bench_turns) read
  what would have been sent without an HTTP server, an event loop of polling or a
  database file; moving them onto the server would make them slower and no stricter about
  what they check.

The secrecy checks are not duplicated: tests/e2e/cards_secrecy.py checks that a card
game's group saw no card or role before it was public; tests/tgbot/leaks.py finds
internal ids, untranslated text and unfilled placeholders in any text a player reads.
"""
