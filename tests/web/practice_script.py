"""A practice deal played to its end by taps: the player's moves, from the engine, as the buttons to press.

Seed "t9097" (Classic, computer level normal) is a short deal in which the player
takes the pile with its first meld, adds to a meld, discards, draws, puts down a
new meld, discards, draws, asks "may I go out?" (the partner says yes) and goes
out: ten moves.
"""

from scorekeeper.canasta.play import AskPartner, Discard, Draw, Meld, TakePile, apply, deal, legal_moves
from scorekeeper.canasta.players.levels import LEVELS
from scorekeeper.games.practice import seed_of

SEED = "t9097"
LEVEL = "normal"


def taps(position, move):
    """Return the cards to select (codes) and the button's action value for the player's ``move``."""
    if isinstance(move, Draw):
        return [], "draw"
    if isinstance(move, AskPartner):
        return [], "ask"
    if isinstance(move, Discard):
        return [move.card.code], "discard"
    if isinstance(move, TakePile):
        return [c.code for c in move.cards] + [c.code for lay in move.melds for c in lay.cards], "take"
    if isinstance(move, Meld):
        codes = [c.code for lay in move.melds for c in lay.cards]
        keys = {lay.key for lay in move.melds}
        on_table = position.side_melds(position.side_of(position.turn))
        if len(keys) == 1 and next(iter(keys)) in on_table:
            key = next(iter(keys))
            return codes, "add:" + ("wild" if key is None else key.symbol)
        return codes, "meld"
    raise AssertionError(f"no tap for {move}")


def script(seed=SEED, level=LEVEL):
    """Return the player's moves of the deal as ``(kind, cards, action)``, with the position before each."""
    position, _ = deal("classic", None, seed_of(seed, 1), (0, 0))
    asked = False
    steps = []
    while not position.over:
        if position.to_move == 0 and position.step == "play" and not asked and AskPartner() in legal_moves(position):
            move, asked = AskPartner(), True
        else:
            move = LEVELS["hard" if position.to_move == 0 else level].choose(position).move
        if position.to_move == 0 and position.step != "answer":
            cards, action = taps(position, move)
            steps.append((move, cards, action))
        position, _ = apply(position, move)
    return steps, position
