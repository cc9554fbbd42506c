"""MPSZ notation: parsing, canonical formatting, round trips (hypothesis) and every error kind."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from trainer.engine.hand import Hand, Meld, MeldKind, Source
from trainer.engine.notation import (
    VALID_HAND_SIZES,
    NotationError,
    format_hand,
    format_meld,
    format_tiles,
    parse_hand,
    parse_kind,
    parse_tiles,
)
from trainer.engine.tiles import NUM_KINDS, Tile, kind_from_name


def t(name: str) -> Tile:
    (tile,) = parse_tiles(name)
    return tile


# ----------------------------------------------------------------------------- reading


def test_suits_honors_and_red_fives() -> None:
    assert [x.kind for x in parse_tiles("19m19p19s1234567z")] == [0, 8, 9, 17, 18, 26, *range(27, 34)]
    red = parse_tiles("0m0p0s")
    assert [(x.kind, x.red) for x in red] == [(4, True), (13, True), (22, True)]
    assert parse_kind("0p") == parse_kind("5p") == 13
    assert parse_kind("7z") == kind_from_name("7z") == 33


def test_tile_lists_keep_order_and_allow_spaces() -> None:
    assert format_tiles(parse_tiles("3m 1m2m  7z1z"), sort=False) == "312m71z"
    assert format_tiles(parse_tiles("3m 1m2m  7z1z")) == "123m17z"
    assert len(parse_tiles("11111m", max_copies=None)) == 5


def test_concealed_tiles_are_sorted_and_spaces_allowed() -> None:
    hand = parse_hand("3m1m2m 6p0p4p  789s 11z")
    assert format_hand(hand) == "123m406p789s11z"
    assert hand.size == 11


def test_meld_kinds_called_tiles_and_sources() -> None:
    hand = parse_hand("11m (3*12m)< (7*77s)^ (7777p+) [5555z]")
    chi, pon, added, closed = hand.melds
    assert chi.kind is MeldKind.CHI and chi.called == t("3m") and chi.source is Source.LEFT
    assert [x.kind for x in chi.tiles] == [0, 1, 2]
    assert pon.kind is MeldKind.PON and pon.source is Source.ACROSS
    assert added.kind is MeldKind.KAN_ADDED and added.called is None and added.source is None
    assert closed.kind is MeldKind.KAN_CLOSED and not closed.is_open
    assert parse_hand("11m (7777s)> (123m) (456m) (789m)").melds[0].kind is MeldKind.KAN_OPEN
    assert hand.size == 14 and not hand.is_closed
    assert parse_hand("23m456p789s11z [1111m]").is_closed


def test_red_five_in_a_meld_stays_red() -> None:
    meld = parse_hand("11m (0*55p) (123s) (456s) (789s)").melds[0]
    assert meld.called == Tile(13, red=True)
    assert format_meld(meld) == "(550*p)"


def test_canonical_form() -> None:
    assert format_hand(parse_hand("505p123m789s11z456s")) == "123m550p456789s11z"
    assert format_hand(parse_hand("3m1m2m 6p0p4p (7*77s)^", check_size=False)) == "123m406p (7*77s)^"
    assert format_meld(Meld(MeldKind.CHI, (t("4s"), t("5s"), t("6s")), t("4s"), Source.LEFT)) == "(4*56s)<"
    assert format_meld(Meld(MeldKind.KAN_CLOSED, (t("5p"),) * 4)) == "[5555p]"
    assert format_tiles([]) == ""
    assert format_tiles([0, 9, 27]) == "1m1p1z"


def test_star_in_the_concealed_part_is_an_error() -> None:
    with pytest.raises(NotationError, match=r"position 1: '\*' marks a called tile and belongs inside a meld"):
        parse_hand("1*23m4p", check_size=False)


# ----------------------------------------------------------------------------- round trips

MELD_TILES = st.one_of(
    st.builds(lambda x: ("chi", x), st.sampled_from([x for x in range(27) if x % 9 <= 6])),
    st.builds(lambda x: ("pon", x), st.integers(0, NUM_KINDS - 1)),
    st.builds(lambda x: ("kan", x), st.integers(0, NUM_KINDS - 1)),
    st.builds(lambda x: ("added", x), st.integers(0, NUM_KINDS - 1)),
    st.builds(lambda x: ("closed", x), st.integers(0, NUM_KINDS - 1)),
)


def _tile(kind: int, red: bool) -> Tile:
    return Tile(kind, red and kind < 27 and kind % 9 == 4)


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    """A random legal hand: 0-4 melds (with optional called tile and source), concealed tiles
    filling a playable size, red fives allowed, at most four copies per kind."""
    n_melds = draw(st.integers(0, 4))
    melds = []
    for _ in range(n_melds):
        what, first = draw(MELD_TILES)
        red = draw(st.booleans())
        if what == "chi":
            kinds = [first, first + 1, first + 2]
        else:
            kinds = [first] * (3 if what == "pon" else 4)
        # at most one red five per meld (a set has one red five of each suit)
        tiles = tuple(sorted(_tile(x, red and i == 0) for i, x in enumerate(kinds)))
        called = draw(st.one_of(st.none(), st.sampled_from(tiles))) if what != "closed" else None
        if what == "chi":
            source = draw(st.one_of(st.none(), st.just(Source.LEFT)))
        elif what == "closed":
            source = None
        else:
            source = draw(st.one_of(st.none(), st.sampled_from(list(Source))))
        kind = {
            "chi": MeldKind.CHI,
            "pon": MeldKind.PON,
            "kan": MeldKind.KAN_OPEN,
            "added": MeldKind.KAN_ADDED,
            "closed": MeldKind.KAN_CLOSED,
        }[what]
        melds.append(Meld(kind, tiles, called, source))
    size = draw(st.sampled_from([s for s in (1, 2, 4, 5, 7, 8, 10, 11, 13, 14) if s > 3 * n_melds]))
    concealed = draw(
        st.lists(
            st.tuples(st.integers(0, NUM_KINDS - 1), st.booleans()),
            min_size=size - 3 * n_melds,
            max_size=size - 3 * n_melds,
        )
    )
    hand = Hand(tuple(sorted(_tile(x, r) for x, r in concealed)), tuple(melds))
    counts = Counter(x.kind for x in hand.all_tiles())
    assume(max(counts.values()) <= 4)
    reds = Counter(x.kind for x in hand.all_tiles() if x.red)
    assume(not reds or max(reds.values()) <= 1)  # the riichi set has one red five per suit
    return hand


@settings(max_examples=150, deadline=None)
@given(hands())
def test_format_then_parse_is_identity(hand: Hand) -> None:
    text = format_hand(hand)
    assert parse_hand(text) == hand
    assert str(hand) == text


@settings(max_examples=100, deadline=None)
@given(hands(), st.randoms(use_true_random=False))
def test_any_order_reads_to_the_canonical_form(hand: Hand, rnd) -> None:
    concealed = list(hand.concealed)
    rnd.shuffle(concealed)
    scrambled = " ".join(str(x) for x in concealed)
    melds = " ".join(format_meld(m) for m in hand.melds)
    parsed = parse_hand(f"{scrambled} {melds}".strip())
    assert parsed == hand
    assert format_hand(parse_hand(format_hand(parsed))) == format_hand(parsed)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, NUM_KINDS - 1), st.booleans()), max_size=20))
def test_tile_lists_round_trip(pairs: list[tuple[int, bool]]) -> None:
    tiles = tuple(_tile(x, r) for x, r in pairs)
    assert parse_tiles(format_tiles(tiles, sort=False), max_copies=None) == tiles
    assert parse_tiles(format_tiles(tiles), max_copies=None) == tuple(sorted(tiles))


# ----------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("text", "position", "problem"),
    [
        ("123m4x6p", 5, "'x' is not a tile"),
        ("123mm", 4, "has no digits before it"),
        ("123m45", 4, "digits without a suit letter"),
        ("12 3m", 0, "digits without a suit letter"),
        ("18z", 1, "honors are 1z..7z"),
        ("0z", 0, "honors are 1z..7z"),
        ("123m )", 5, "closes a meld that was never opened"),
        ("123m)", 4, "closes a meld that was never opened"),
        ("(123m) 45p", 7, "concealed tiles come before the melds"),
        ("(123m", 0, "is not closed"),
        ("[5555p+]", 6, "belongs in round brackets"),
        ("[5555p]<", 7, "closed kan is not called from anybody"),
        ("(1*2*3m)", 0, "only one tile of a meld can be the called tile"),
        ("(11m)", 0, "a meld has 3 or 4 tiles, not 2"),
        ("(11111m)", 0, "a meld has 3 or 4 tiles, not 5"),
        ("(777s+)", 0, "'+' marks an added kan"),
        ("(124m)", 0, "three consecutive tiles of one number suit"),
        ("(12m3p)", 0, "three consecutive tiles of one number suit"),
        ("(123z)", 0, "three consecutive tiles of one number suit"),
        ("(1112m)", 0, "a kan is four identical tiles"),
        ("[555p]", 0, "a kan is four identical tiles"),
        ("(123m)>", 0, "a chi can only be called from the player on the left"),
        ("(123m*)", 5, "'*' marks a called tile and belongs after a digit"),
        ("11111m", None, "5 copies of 1m"),
        ("1111m (111m)", None, "7 copies of 1m"),
        ("123m456p789s112z", None, "a hand of 12 tiles cannot be played"),
        ("", None, "a hand of 0 tiles cannot be played"),
    ],
)
def test_hand_errors(text: str, position: int | None, problem: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_hand(text)
    err = info.value
    assert err.position == position
    assert problem in err.problem
    assert err.text == text
    assert str(err).startswith(f'"{text}": ' + (f"position {position}: " if position is not None else ""))
    assert isinstance(err, ValueError)


@pytest.mark.parametrize(
    ("text", "position", "problem"),
    [
        ("12m (3m)", 4, "melds are not allowed here"),
        ("12m(3m)", 3, "'(' is not a tile"),
        ("1*2m", 1, "'*' marks a called tile and belongs inside a meld"),
        ("11111p", None, "5 copies of 1p"),
        ("9q", 1, "'q' is not a tile"),
    ],
)
def test_tile_list_errors(text: str, position: int | None, problem: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_tiles(text)
    assert info.value.position == position and problem in info.value.problem


def test_parse_kind_needs_exactly_one_tile() -> None:
    with pytest.raises(NotationError, match="expected one tile, found 2"):
        parse_kind("12m")
    with pytest.raises(NotationError, match="expected one tile, found 0"):
        parse_kind("")


def test_size_and_copy_options() -> None:
    assert parse_hand("12m3p", check_size=False).size == 3
    with pytest.raises(NotationError, match="3 copies of 1m: a set has only 2"):
        parse_hand("111m2m", check_size=False, max_copies=2)


# ----------------------------------------------------------------------------- arbitrary text (issue 11)

NOTATION_CHARS = "0123456789mpsz()[]*+<^> 0123456789mpsz"
"""Characters of the notation (digits and suits twice, so that valid hands turn up often)."""


def _parses_or_refuses(text: str) -> None:
    """The parser's whole contract on any text: a valid hand whose canonical form reads back
    to the same hand, or a NotationError; nothing else."""
    try:
        hand = parse_hand(text)
    except NotationError as e:
        assert e.text == text
        assert e.position is None or 0 <= e.position < len(text)
        return
    assert hand.size in VALID_HAND_SIZES
    assert max(hand.all_counts()) <= 4
    reds = Counter(t.kind for t in hand.all_tiles() if t.red)
    assert all(n == 1 for n in reds.values())
    assert all(t.isascii() for t in format_hand(hand))
    assert parse_hand(format_hand(hand)) == hand


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_unicode_text_parses_or_raises_notation_error(text: str) -> None:
    _parses_or_refuses(text)


@settings(max_examples=300, deadline=None)
@given(st.text(st.one_of(st.sampled_from(NOTATION_CHARS), st.characters()), max_size=40))
def test_notation_like_text_with_stray_unicode_parses_or_raises(text: str) -> None:
    _parses_or_refuses(text)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=30))
def test_tile_lists_of_any_text_parse_or_raise(text: str) -> None:
    try:
        tiles = parse_tiles(text)
    except NotationError:
        return
    assert parse_tiles(format_tiles(tiles, sort=False)) == tiles


@pytest.mark.parametrize("digit", ["²", "①", "٣", "۳", "３", "३", "𝟑"])
def test_digits_other_than_ascii_are_refused_at_their_position(digit: str) -> None:
    text = f"12{digit}m456p789s1122z"
    with pytest.raises(NotationError, match="position 2: .* is not a tile: write the numbers with the digits 0-9"):
        parse_hand(text)
    with pytest.raises(NotationError, match="position 0"):
        parse_tiles(f"{digit}m")


def test_two_red_fives_of_one_suit_are_refused_unless_asked_for() -> None:
    with pytest.raises(NotationError, match="2 red 5m"):
        parse_hand("00m234567p22s555z")
    with pytest.raises(NotationError, match="2 red 5p"):
        parse_hand("0p234567m22s555z (0*55p)")
    hand = parse_hand("00p234567m22s555z", max_red=None)  # a set with four red fives has two 5p
    assert hand.red_fives() == 2
