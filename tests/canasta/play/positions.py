"""Positions for the play tests, written as the referee's JSON reads them (see canasta/play/codec.py),
or met in seeded deals the computers play."""

from dataclasses import replace

from scorekeeper.canasta.cards import parse_cards
from scorekeeper.canasta.options import resolve
from scorekeeper.canasta.play import apply, deal, judge, legal_moves, move_from_data
from scorekeeper.canasta.play.codec import read_position
from scorekeeper.canasta.players.levels import LEVELS
from scorekeeper.canasta.play.masked import unseen_cards
from scorekeeper.canasta.play.position import Shuffler, decks
from scorekeeper.canasta.players.loop import play_out
from scorekeeper.canasta.players.random_players import RandomPlayer


def _count(text) -> int:
    return len(parse_cards(text)) if isinstance(text, str) else 0


def table(rules="classic", options=None, **fields):
    """Return the position of ``fields`` (the codec's names).

    The stock holds every card not shown, unless it is given: then a hand written ``"*"`` does.
    """
    ruleset, chosen = resolve(rules, options)
    data = {"hands": ["K K Q Q 5 6 7 8 9 10 J"] + [11] * (ruleset.players - 1)} | fields
    shown = sum(hand if isinstance(hand, int) else _count(hand) for hand in data["hands"] if hand != "*")
    shown += _count(data.get("pile", "")) + _count(data.get("stock", "")) if isinstance(data.get("stock"), str) \
        else _count(data.get("pile", "")) + data.get("stock", 0)
    shown += sum(_count(side.replace("|", " ")) for side in data.get("melds", []) if side)
    shown += sum(_count(laid) for laid in data.get("threes", []) if laid)
    if "*" in data["hands"]:  # this hand holds every card not shown, but the 3s laid out at once: laid out
        seat = data["hands"].index("*")
        texts = [value for key in ("hands", "melds", "threes") for value in data.get(key, [])] + \
            [data.get("pile", ""), data.get("stock", "")]
        held = [card for text in texts if isinstance(text, str) and text for card in parse_cards(text.replace("|", " "))]
        laid_out = [card for card in decks(ruleset.decks) if ruleset.family.laid_out(card)]
        for card in held:
            if card in laid_out:
                laid_out.remove(card)
        threes = list(data.get("threes", [""] * ruleset.players))
        threes[seat] = " ".join(filter(None, [threes[seat] or "", " ".join(card.code for card in laid_out)]))
        data["threes"] = threes
        data["hands"] = [ruleset.cards - shown - len(laid_out) if hand == "*" else hand for hand in data["hands"]]
    elif "stock" not in data:
        data["stock"] = ruleset.cards - shown
    return read_position(ruleset, chosen, data)[0]


def ruling(position, move):
    """Return the referee's ruling on ``move`` (its JSON form)."""
    return judge(position, move_from_data(move))


def play(position, *moves):
    """Return the position after ``moves`` (JSON forms), each allowed, and the events of the last."""
    events = ()
    for move in moves:
        position, events = apply(position, move_from_data(move))
    return position, events


def positions_of(rules, seed, levels=("easy", "normal", "hard")):
    """Yield every position of a deal played by computers of ``levels`` by seat, and by random play now and then."""
    position, _ = deal(rules, seed=seed)
    chance = Shuffler(f"test:{seed}")  # one for the whole deal, every seat drawing from it
    for turn in play_out(position, [Sometimes(chance, LEVELS[levels[seat % len(levels)]])
                                    for seat in range(position.seats)]):
        yield turn.position


class Sometimes:
    """A player that plays a random legal move one time in 5 (``chance`` deciding and drawing), else ``level``'s."""

    def __init__(self, chance, level):
        self.random, self.level, self.name = RandomPlayer(chance, 3), level, "sometimes " + level.name

    def choose(self, position):
        return self.random.choose(position) if self.random.chance.below(5) == 0 else self.level.choose(position)


def shuffle_hidden(position, seat, seed):
    """Return ``position`` with every card ``seat`` cannot see dealt again at random (sizes kept)."""
    cards = Shuffler(seed).shuffled(unseen_cards(position, seat))
    hands, at = [], 0
    for other, hand in enumerate(position.hands):
        if other == seat:
            hands.append(hand)
        else:
            hands.append(tuple(cards[at:at + len(hand)]))
            at += len(hand)
    return replace(position, hands=tuple(hands), stock=tuple(cards[at:]))


def hidden_dealt_again(positions, every=1):
    """Yield ``(position, other, changed)`` for every ``every``-th of ``positions``: ``other`` is the position with the
    cards its seat to move cannot see dealt again; ``changed`` whether that moved a card of a hand or the stock."""
    for number, position in enumerate(positions):
        if number % every:
            continue
        other = shuffle_hidden(position, position.to_move, number)
        yield position, other, other.hands != position.hands or other.stock != position.stock
