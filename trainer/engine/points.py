"""Points: from han and fu to what each player pays.

* basic points = fu x 2^(han + 2), capped at 2000 (mangan) — 001:734-755, 003:18;
* limits: mangan (5 han, or a basic of 2000+), haneman 6-7, baiman 8-10,
  sanbaiman 11-12, yakuman 13+ (kazoe, if the rules allow; otherwise
  sanbaiman) or a yakuman yaku (x the number of yakuman) — 001:757-772,
  004:112-118;
* kiriage: 4 han 30 fu and 3 han 60 fu become mangan where the rules say so;
* each payment is basic x 4 or 6 (ron) or x 1 / 2 (tsumo), rounded up to 100,
  separately for each payer (001:747);
* honba: 300 per counter on ron, 100 from each player on tsumo (001:809);
  riichi sticks: 1000 each to the winner (001:523).
"""

from __future__ import annotations

from typing import NamedTuple

from trainer.engine.rules import Rules

LIMITS = ("mangan", "haneman", "baiman", "sanbaiman", "yakuman", "kazoe_yakuman")
"""Limit names, as ScoreResult.limit reports them."""

_LIMIT_BASIC = {"mangan": 2000, "haneman": 3000, "baiman": 4000, "sanbaiman": 6000}


def _up100(x: int) -> int:
    return -(-x // 100) * 100


def basic_points(han: int, fu: int, rules: Rules, yakuman: int = 0) -> tuple[int, str | None]:
    """Basic points and the limit reached (None below mangan).

    ``yakuman`` is the number of yakuman (2 for a double yakuman, 3 for a
    triple...); when it is 0 the hand is valued from han and fu, with kazoe
    yakuman at 13+ han if the rules allow it.
    """
    if yakuman:
        return 8000 * yakuman, "yakuman"
    if han >= 13:
        return (8000, "kazoe_yakuman") if rules.kazoe_yakuman else (6000, "sanbaiman")
    if han >= 11:
        return 6000, "sanbaiman"
    if han >= 8:
        return 4000, "baiman"
    if han >= 6:
        return 3000, "haneman"
    if han >= 5:
        return 2000, "mangan"
    basic = fu * (1 << (han + 2))
    if basic >= 2000 or (rules.kiriage_mangan and basic >= 1920):
        return 2000, "mangan"
    return basic, None


class Payment(NamedTuple):
    """Who pays what for one win.

    Exactly one shape is filled: ``ron`` (the discarder pays it), or
    ``dealer`` and ``non_dealer`` (a non-dealer's tsumo: what the dealer and
    each other non-dealer pay), or ``all`` (a dealer's tsumo: what each of the
    three others pays).  These are before honba and riichi sticks.
    ``honba`` is the counter bonus in all, ``sticks`` the riichi sticks taken
    from the table, and ``total`` everything the winner gains.
    """

    ron: int | None = None
    dealer: int | None = None
    non_dealer: int | None = None
    all: int | None = None
    honba: int = 0
    sticks: int = 0
    total: int = 0

    @property
    def hand_value(self) -> int:
        """The hand's value without honba and sticks (what the table calls the score)."""
        return self.total - self.honba - self.sticks

    def to_json(self) -> dict:
        """The JSON form used by the score CLI: the filled shape plus ``total``."""
        if self.ron is not None:
            d = {"ron": self.ron}
        elif self.all is not None:
            d = {"all": self.all}
        else:
            d = {"dealer": self.dealer, "non_dealer": self.non_dealer}
        d["total"] = self.total
        return d


def _up(basic: int, num: int, den: int = 1) -> int:
    """basic x num / den rounded up to 100 (one payer's share)."""
    return -(-(basic * num) // (den * 100)) * 100


_THREE_PLAYER_TSUMO = {
    # option: (dealer's tsumo: each pays x num/den), (non-dealer's tsumo: dealer, other non-dealer)
    "tsumo_loss": ((2, 1), ((2, 1), (1, 1))),
    "north_split": ((3, 1), ((5, 2), (3, 2))),
    "dealer_double": ((3, 1), ((8, 3), (4, 3))),
}
"""Three-player tsumo shares in basic points (000:3595-3610): with tsumo loss the absent
North's share is not paid; split payments share it between the two payers."""


def payers(rules: Rules) -> int:
    """How many players pay a tsumo: three at a four-player table, two in sanma."""
    return rules.players - 1


def payment(
    basic: int, *, dealer: bool, tsumo: bool, honba: int = 0, sticks: int = 0, rules: Rules
) -> Payment:
    """The payments for a hand of ``basic`` points won by the dealer or not, by ron or tsumo,
    with ``honba`` counters and ``sticks`` riichi sticks on the table.

    At a three-player table a ron is paid as at four; a tsumo is paid by the two others
    as ``rules.three_player_tsumo`` says.  On a tsumo each payer adds its share of the
    honba value (``honba_points`` / number of payers: 100 each in both presets)."""
    stick_bonus = sticks * rules.riichi_deposit
    if not tsumo:
        honba_bonus = honba * rules.honba_points
        ron = _up100(basic * (6 if dealer else 4))
        return Payment(ron=ron, honba=honba_bonus, sticks=stick_bonus, total=ron + honba_bonus + stick_bonus)
    n = payers(rules)
    honba_bonus = honba * (rules.honba_points // n) * n
    if n == 2:
        each, (d_share, nd_share) = _THREE_PLAYER_TSUMO[rules.three_player_tsumo]
        if dealer:
            a = _up(basic, *each)
            return Payment(all=a, honba=honba_bonus, sticks=stick_bonus, total=2 * a + honba_bonus + stick_bonus)
        d, nd = _up(basic, *d_share), _up(basic, *nd_share)
        return Payment(
            dealer=d, non_dealer=nd, honba=honba_bonus, sticks=stick_bonus, total=d + nd + honba_bonus + stick_bonus
        )
    if dealer:
        each = _up100(basic * 2)
        return Payment(
            all=each, honba=honba_bonus, sticks=stick_bonus, total=3 * each + honba_bonus + stick_bonus
        )
    d = _up100(basic * 2)
    nd = _up100(basic)
    return Payment(
        dealer=d,
        non_dealer=nd,
        honba=honba_bonus,
        sticks=stick_bonus,
        total=d + 2 * nd + honba_bonus + stick_bonus,
    )


def hand_value(han: int, fu: int, *, dealer: bool, tsumo: bool, rules: Rules, yakuman: int = 0) -> Payment:
    """The payment of a hand from han and fu alone (no honba, no sticks): what a points quiz asks."""
    basic, _ = basic_points(han, fu, rules, yakuman)
    return payment(basic, dealer=dealer, tsumo=tsumo, rules=rules)


def points_table(rules: Rules) -> list[dict]:
    """The full points table of a rule set, one row per (han, fu) that can occur.

    Rows for 1-4 han cover 20-110 fu (25 fu for seven pairs from 2 han; 20 fu only
    by tsumo, from 2 han; 25 fu tsumo from 3 han, as in 001:721); then one row per
    limit.  Each row: ``han``, ``fu`` (None for limits), ``limit``, and the
    payments ``non_dealer_ron``, ``non_dealer_tsumo`` (dealer, non_dealer),
    ``dealer_ron``, ``dealer_tsumo`` (each) — None where the combination cannot happen.
    """
    rows = []
    for han in range(1, 5):
        for fu in (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110):
            if han == 1 and fu in (20, 25):
                continue
            basic, limit = basic_points(han, fu, rules)
            ron_ok = fu != 20
            tsumo_ok = not (fu == 25 and han < 3)
            nd_ron = payment(basic, dealer=False, tsumo=False, rules=rules).ron if ron_ok else None
            d_ron = payment(basic, dealer=True, tsumo=False, rules=rules).ron if ron_ok else None
            nd_t = payment(basic, dealer=False, tsumo=True, rules=rules) if tsumo_ok else None
            d_t = payment(basic, dealer=True, tsumo=True, rules=rules).all if tsumo_ok else None
            rows.append(
                {
                    "han": han,
                    "fu": fu,
                    "limit": limit,
                    "non_dealer_ron": nd_ron,
                    "non_dealer_tsumo": (nd_t.dealer, nd_t.non_dealer) if nd_t else None,
                    "dealer_ron": d_ron,
                    "dealer_tsumo": d_t,
                }
            )
    limit_rows = [(5, "mangan"), (6, "haneman"), (8, "baiman"), (11, "sanbaiman"), (13, None)]
    for han, _name in limit_rows:
        basic, limit = basic_points(han, 0, rules)
        nd_t = payment(basic, dealer=False, tsumo=True, rules=rules)
        rows.append(
            {
                "han": han,
                "fu": None,
                "limit": limit,
                "non_dealer_ron": payment(basic, dealer=False, tsumo=False, rules=rules).ron,
                "non_dealer_tsumo": (nd_t.dealer, nd_t.non_dealer),
                "dealer_ron": payment(basic, dealer=True, tsumo=False, rules=rules).ron,
                "dealer_tsumo": payment(basic, dealer=True, tsumo=True, rules=rules).all,
            }
        )
    basic, _ = basic_points(0, 0, rules, 1)
    nd_t = payment(basic, dealer=False, tsumo=True, rules=rules)
    rows.append(
        {
            "han": None,
            "fu": None,
            "limit": "yakuman",
            "non_dealer_ron": payment(basic, dealer=False, tsumo=False, rules=rules).ron,
            "non_dealer_tsumo": (nd_t.dealer, nd_t.non_dealer),
            "dealer_ron": payment(basic, dealer=True, tsumo=False, rules=rules).ron,
            "dealer_tsumo": payment(basic, dealer=True, tsumo=True, rules=rules).all,
        }
    )
    return rows


def nagashi_mangan_payment(*, dealer: bool, rules: Rules, honba: int = 0, sticks: int = 0) -> Payment:
    """Nagashi mangan: a mangan paid as if by tsumo (001:976, 001:1072; 004:33).

    When the rules treat it as a draw (``nagashi_mangan = "draw"``) no honba or
    sticks are paid, whatever is passed; when it is a win they are.  Raises
    ValueError if the rule set has no nagashi mangan.
    """
    if rules.nagashi_mangan == "none":
        raise ValueError(f"rule set {rules.name!r} has no nagashi mangan")
    if rules.nagashi_mangan == "draw":
        honba = sticks = 0
    return payment(2000, dealer=dealer, tsumo=True, honba=honba, sticks=sticks, rules=rules)


def settle(
    pay: Payment,
    *,
    winner: int,
    dealer: int,
    discarder: int | None,
    liable: int | None = None,
    liable_share: int = 0,
    rules: Rules,
) -> list[int]:
    """Score changes of the seats (0..3, or 0..2 at three players) for one win, honba and sticks included.

    ``discarder`` is None for a tsumo.  Pao (liability): ``liable`` is the
    responsible seat and ``liable_share`` the part of the hand value (before
    honba) it covers — the pao yakuman, or the whole hand when combined yakuman
    are included.  On tsumo the liable player pays that part alone, as if by
    ron; on ron the liable player and the discarder split it 50/50 (001:778-795,
    003:120-124).  Honba on a pao ron are paid by the discarder or the liable
    player per ``rules.pao_honba``; on a pao tsumo the liable player pays them.
    The riichi sticks go to the winner (the caller removes them from the table).
    """
    n = rules.players
    delta = [0] * n
    delta[winner] += pay.total
    value = pay.hand_value
    if liable is not None and liable != winner and liable_share:
        share = min(liable_share, value)
        if discarder is None:
            delta[liable] -= share + pay.honba
            rest = value - share
            if rest:
                _spread_tsumo(delta, winner, dealer, rest, pay, rules)
            return delta
        half = share // 2
        delta[liable] -= half
        delta[discarder] -= value - half
        honba_payer = discarder if rules.pao_honba == "discarder" else liable
        delta[honba_payer] -= pay.honba
        return delta
    if discarder is not None:
        delta[discarder] -= value + pay.honba
        return delta
    per_honba = pay.honba // (n - 1)
    for seat in range(n):
        if seat == winner:
            continue
        if pay.all is not None:
            delta[seat] -= pay.all + per_honba
        else:
            delta[seat] -= (pay.dealer if seat == dealer else pay.non_dealer) + per_honba  # type: ignore[operator]
    return delta


def _spread_tsumo(delta: list[int], winner: int, dealer: int, rest: int, pay: Payment, rules: Rules) -> None:
    """Share the non-pao part of a tsumo among the others in the tsumo proportions."""
    others = [s for s in range(rules.players) if s != winner]
    weights = [2 if (s == dealer or pay.all is not None) else 1 for s in others]
    total_w = sum(weights)
    for s, w in zip(others, weights, strict=True):
        delta[s] -= _up100(rest * w // total_w)


__all__ = [
    "LIMITS",
    "Payment",
    "basic_points",
    "hand_value",
    "nagashi_mangan_payment",
    "payers",
    "payment",
    "points_table",
    "settle",
]
