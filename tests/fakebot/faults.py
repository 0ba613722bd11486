"""Injected transport and server faults: what Telegram's front end does when things go wrong.

`FakeBotApi.fail(method, times=..., chat_id=..., kind=...)` arms a `Fault`; the next matching
calls consume it before the method runs, so a faulted call has no effect. Kinds, and what
python-telegram-bot raises for them:
- "bad_gateway": HTTP 502 `{"ok": false, "error_code": 502, "description": "Bad Gateway"}`
  -> `telegram.error.NetworkError`;
- "internal_error": HTTP 500 with "Internal Server Error" -> `NetworkError`;
- "disconnect": the socket is closed without any response -> `NetworkError`;
- "timeout": no response until the client gives up -> `telegram.error.TimedOut`;
- "flood": HTTP 429 with `parameters.retry_after` -> `telegram.error.RetryAfter`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from tests.fakebot import errors
from tests.fakebot.errors import ApiError
from tests.fakebot.model import Json
from tests.fakebot.params import Params

FaultKind = Literal["bad_gateway", "internal_error", "disconnect", "timeout", "flood"]
FAULT_KINDS: tuple[str, ...] = get_args(FaultKind)


@dataclass(eq=False)
class Fault:
    """An armed fault: `remaining` more calls of `method` (in `chat_id`, if set) will fail."""

    method: str
    kind: FaultKind
    remaining: int
    chat_id: int | None = None
    retry_after: int = 5

    def matches(self, method: str, params: Params) -> bool:
        """Whether a call of `method` with these parameters consumes this fault."""
        if self.remaining <= 0 or method.lower() != self.method.lower():
            return False
        value = params.values.get("chat_id")
        if self.chat_id is None:
            return True
        try:
            return value is not None and int(value) == self.chat_id
        except (TypeError, ValueError):
            return False

    @property
    def answers(self) -> bool:
        """Whether the fault answers with an HTTP response (False: the connection is dropped)."""
        return self.kind not in ("disconnect", "timeout")

    def response(self) -> tuple[int, Json]:
        """Return the HTTP status and JSON body of an answering fault."""
        if self.kind == "flood":
            error = errors.too_many_requests(self.retry_after)
        elif self.kind == "internal_error":
            error = ApiError(500, errors.INTERNAL)
        else:
            error = ApiError(502, errors.BAD_GATEWAY)
        return error.code, error.envelope()


class FaultPlan:
    """The armed faults, matched in the order they were added."""

    def __init__(self) -> None:
        self.faults: list[Fault] = []

    def add(self, fault: Fault) -> Fault:
        """Arm a fault and return it; ValueError for an unknown kind or a bad count."""
        if fault.kind not in FAULT_KINDS:
            raise ValueError(f"unknown fault kind {fault.kind!r}; one of {FAULT_KINDS}")
        if fault.remaining < 1 or fault.retry_after < 1:
            raise ValueError("times and retry_after must be at least 1")
        self.faults.append(fault)
        return fault

    def take(self, method: str, params: Params) -> Fault | None:
        """Consume one use of the first fault matching this call, or return None."""
        for fault in self.faults:
            if fault.matches(method, params):
                fault.remaining -= 1
                return fault
        return None
