"""RULES.md "Playing a deal" in the checks: Modern American's dead ranks in every meld check, and the
pile a player must take when the stock is empty — the same rule functions as the referee's."""

import pytest

from scorekeeper.canasta.cards import Rank, parse_cards
from scorekeeper.canasta.checks import check_going_out, check_initial_meld, check_meld, check_pile
from scorekeeper.canasta.dead import dead_rank_problem
from scorekeeper.canasta.options import resolve
from scorekeeper.canasta.pile import must_take_pile
from scorekeeper.canasta.play import EndDeal, TakePile, judge

from .play.positions import table

KINGS_DEAD = "The kings are dead (a canasta of them is complete): nobody may meld them or add to them."
K = {Rank.KING}


@pytest.mark.parametrize("rules, cards, dead, legal, problem", [
    pytest.param("modern", "K K K", K, False, KINGS_DEAD, id="dead-rank-may-not-be-melded"),
    pytest.param("modern", "K K K", {Rank.QUEEN}, True, None, id="live-rank-may-be-melded"),
    pytest.param("modern", "K K K", (), True, None, id="no-dead-ranks-given"),
    pytest.param("classic", "K K K", K, True, None, id="classic-has-no-dead-ranks"),
])
def test_meld_check_knows_dead_ranks(rules, cards, dead, legal, problem):
    ruleset, options = resolve(rules)
    check = check_meld(ruleset, options, parse_cards(cards), dead_ranks=dead)
    assert check.legal is legal
    assert (check.problems[0] if check.problems else None) == problem


@pytest.mark.parametrize("rules, cards, dead, problems", [
    pytest.param("modern", "K K K A A A", K, [f"Kings (K K K): {KINGS_DEAD}"], id="dead-rank-in-initial-meld"),
    pytest.param("modern", "K K K A A A", (), [], id="initial-meld-of-live-ranks"),
    pytest.param("classic", "K K K A A A", K, [], id="classic-initial-meld-ignores-dead-ranks"),
])
def test_initial_meld_check_knows_dead_ranks(rules, cards, dead, problems):
    ruleset, options = resolve(rules)
    check = check_initial_meld(ruleset, options, 0, parse_cards(cards), dead_ranks=dead)
    assert list(check.problems) == problems


@pytest.mark.parametrize("hand, dead, can, discard, reason", [
    pytest.param("K Q Q Q Q", K, True, "K", None, id="dead-rank-card-is-the-discard"),
    pytest.param("K K Q Q Q Q", K, False, None, f"Kings (K): {KINGS_DEAD}", id="dead-rank-may-not-be-melded-going-out"),
    pytest.param("K K Q Q Q Q", (), False, None, "Kings (K): A meld needs at least 2 natural cards; this one has 1.",
                 id="going-out-with-live-ranks-needs-legal-melds"),
])
def test_going_out_check_knows_dead_ranks(hand, dead, can, discard, reason):
    ruleset, options = resolve("modern")
    check = check_going_out(ruleset, options, parse_cards(hand), canastas=2, side_has_melded=True, dead_ranks=dead)
    assert check.can_go_out is can
    if can:
        assert str(check.discard) == discard
    else:
        assert reason in check.reasons


def test_going_out_may_not_add_to_a_dead_canasta():
    modern, options = resolve("modern")
    from scorekeeper.canasta.melds import Meld
    kings = Meld.from_cards(parse_cards("K K K K K K K"))
    check = check_going_out(modern, options, parse_cards("K K Q Q Q Q Q"), canastas=2, side_has_melded=True,
                            side_melds=[kings], dead_ranks=K)
    assert check.can_go_out is False
    assert f"Kings (K): {KINGS_DEAD}" in check.reasons


def test_checks_and_referee_word_dead_ranks_alike():
    modern, _ = resolve("modern")
    assert dead_rank_problem(modern, Rank.KING, K).message == KINGS_DEAD
    from scorekeeper.canasta.play.problems import refusal
    assert refusal("dead_rank", rank="K").message == KINGS_DEAD


# --- the empty stock ------------------------------------------------------------------------------

MUST = ("With the stock empty you must take the pile: its queen goes on your side's queens "
        "and the pile is not frozen for your side.")


@pytest.mark.parametrize("rules, hand, melds, frozen, stock_empty, can, must", [
    pytest.param("classic", "Q 5 9", {Rank.QUEEN: 3}, False, True, True, True, id="empty-stock-must-take-onto-meld"),
    pytest.param("classic", "Q 5 9", {Rank.QUEEN: 3}, False, False, True, False, id="stock-left-may-take"),
    pytest.param("classic", "Q Q 5", {Rank.QUEEN: 3}, True, True, True, False, id="empty-stock-frozen-pile-may-take"),
    pytest.param("classic", "Q Q 5", {}, False, True, True, False, id="empty-stock-no-meld-of-rank-may-take"),
    pytest.param("classic", "5 9", {}, False, True, False, False, id="empty-stock-cannot-take-deal-ends"),
    pytest.param("modern", "Q Q 5", {Rank.QUEEN: 3}, False, True, True, False, id="empty-stock-modern-pile-always-frozen"),
])
def test_pile_check_must_take_with_empty_stock(rules, hand, melds, frozen, stock_empty, can, must):
    ruleset, options = resolve(rules)
    check = check_pile(ruleset, options, parse_cards("Q")[0], parse_cards(hand), frozen=frozen,
                       side_has_melded=True, side_melds=melds, pile_size=6, stock_empty=stock_empty)
    assert (check.can_take, check.must_take) == (can, must)
    assert must_take_pile(check) is (check.can_take and not check.frozen and bool(melds))
    if must:
        assert check.reason == MUST and check.notes[0] == MUST
    elif stock_empty:
        ends = ("The stock is empty: you may take the pile, or not take it and end the deal." if can
                else "The stock is empty and you cannot take the pile: the deal ends.")
        assert check.notes[-1] == ends
    else:
        assert check.reason.startswith("Yes: ")


def _stock_out(hand, melds, pile):
    """A Classic position at the draw, the stock empty: seat 3 holds every card not shown."""
    return table("classic", stock=0, pile=pile, melds=[melds, ""], melded=[True, True],
                 hands=[hand, 11, 11, "*"])


@pytest.mark.parametrize("hand, melds, pile, must", [
    pytest.param("J 5 9 4 4", "Q Q Q", "5 Q", True, id="referee-and-check-must-take"),
    pytest.param("Q Q 5 4 4", "Q Q Q", "5 2 Q", False, id="referee-and-check-frozen-may-end"),
    pytest.param("J 5 9 4 4", "K K K", "5 Q", False, id="referee-and-check-no-meld-may-end"),
])
def test_referee_refuses_end_deal_exactly_when_the_check_says_must(hand, melds, pile, must):
    position = _stock_out(hand, melds, pile)
    frozen = position.pile_frozen
    classic, options = resolve("classic")
    side_melds = {meld.key: len(meld.cards) for meld in position.melds[0]}
    check = check_pile(classic, options, position.pile[-1], position.hands[0], frozen=frozen,
                       side_has_melded=True, side_melds=side_melds, pile_size=len(position.pile), stock_empty=True)
    ruling = judge(position, EndDeal())
    assert check.must_take is must
    assert ruling.allowed is (not must)
    if check.must_take:
        assert [r.code for r in ruling.refusals] == ["must_take_pile"]
        assert ruling.refusals[0].message == check.reason
        assert judge(position, TakePile()).allowed
    else:
        assert ruling.refusals == ()
