"""The pictures take the group's view only: a GroupView cannot be built by hand or from a
seat's view, and states that differ only in a secret draw identical pictures."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from core.engine.registry import get_game
from tests.core.engine_secrecy import check_secrets
from tests.tgbot.images.positions import NAMES, POSITIONS
from tgbot.render.images import GroupView, group_view, render_table

KINDS = ("bang_dice", "colt_express", "bang_cards")


def test_a_group_view_cannot_be_built_by_hand() -> None:
    with pytest.raises(TypeError):
        GroupView(object(), "bang_dice", {"viewer": None, "version": 0}, ())


def test_a_seat_view_is_refused() -> None:
    game = get_game("bang_cards")
    state = POSITIONS[6].state()
    private = game.view_json(game.view(state, 0))
    token = group_view.__globals__["_TOKEN"]  # as if a caller forged the private path
    with pytest.raises(ValueError, match="private view"):
        GroupView(token, "bang_cards", private, ())


def test_group_view_is_the_engines_view_for_nobody() -> None:
    for position in POSITIONS:
        game = get_game(position.kind)
        state = position.state()
        view = group_view(position.kind, game, state)
        assert view.data == game.view_json(game.view(state, None))
        assert view.data["viewer"] is None
        assert view.version == game.version(state)


def _set(data: Any, path: tuple[Any, ...], value: Any) -> str:
    new = copy.deepcopy(data)
    node = new
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return json.dumps(new)


def _value(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


def _secret_variants(kind: str, state: Any, players: int) -> list[Any]:
    """Return states that differ from `state` in one seat's secret only: two secrets of
    the same kind held by two seats (two hands' cards, two roles) swapped, as the
    conformance suite's probes find them."""
    game = get_game(kind)
    report = check_secrets(game, state, players, random.Random(5), leaves=400, swaps=0)
    data = json.loads(game.dump_state(state))
    by_shape: dict[tuple[Any, ...], list[tuple[Any, ...]]] = {}
    for path in report.private:
        shape = tuple("*" if isinstance(p, int) else p for p in path)
        by_shape.setdefault(shape, []).append(path)
    variants = []
    for paths in by_shape.values():
        for a in paths:
            for b in paths:
                if report.private[a] == report.private[b]:
                    continue
                if _value(data, a) == _value(data, b):
                    continue
                swapped = _set(json.loads(_set(data, a, _value(data, b))), b, _value(data, a))
                try:
                    variant = game.load_state(swapped)
                    if (game.view_json(game.view(variant, None))
                            == game.view_json(game.view(state, None))):
                        variants.append(variant)
                except Exception:  # a swap the engine refuses is not a reachable state
                    continue
                if len(variants) >= 6:
                    return variants
    return variants


@pytest.mark.parametrize("kind", KINDS)
def test_states_differing_only_in_a_secret_draw_the_same_picture(kind: str) -> None:
    game = get_game(kind)
    players = 5
    state = game.setup({}, players, 11).state
    for _ in range(12):
        seat = min(game.to_act(state))
        state = game.apply(state, seat, game.bot_action(state, seat)).state
    variants = _secret_variants(kind, state, players)
    assert variants, "no secret found to vary"
    names = NAMES[:players]
    base = render_table(group_view(kind, game, state), "en", names)
    for variant in variants:
        assert game.dump_state(variant) != game.dump_state(state)
        assert render_table(group_view(kind, game, variant), "en", names) == base


def test_two_card_tables_differing_in_a_hand_and_a_role_draw_the_same() -> None:
    game = get_game("bang_cards")
    spec = copy.deepcopy(POSITIONS[6].spec)
    assert spec is not None
    other = copy.deepcopy(spec)
    other["seats"][1]["hand"] = ["missed_2s", "duel_js", "beer_8h"]  # another card in hand
    other["seats"][1]["role"], other["seats"][2]["role"] = "renegade", "outlaw"
    first, second = game.position(spec).state, game.position(other).state
    assert game.dump_state(first) != game.dump_state(second)
    pictures = [render_table(group_view("bang_cards", game, s), "it", NAMES[:4])
                for s in (first, second)]
    assert pictures[0] == pictures[1]
    seat_views = [game.view_json(game.view(s, 1)) for s in (first, second)]
    assert seat_views[0] != seat_views[1]  # the seat itself does see the difference


@pytest.mark.parametrize("kind", KINDS)
def test_a_group_view_holds_what_the_engine_says_of_the_state(kind: str) -> None:
    """A group view's JSON (the dice game's copied from its records) is the engine's
    `view_json` of the group's view, and its public actions the prompts' public texts, all
    along a bot game."""
    game = get_game(kind)
    state = game.setup({}, 5 if kind != "colt_express" else 4, 11).state
    for _ in range(80):
        view = group_view(kind, game, state)
        expected = game.view_json(game.view(state, None))
        assert view.data == expected
        assert json.dumps(view.data) == json.dumps(expected)  # same keys in the same order
        assert view.public_actions == tuple(sorted(
            {text for prompt in game.prompts(state) for text in prompt.public}))
        if not game.to_act(state):
            break
        seat = min(game.to_act(state))
        state = game.apply(state, seat, game.bot_action(state, seat)).state
