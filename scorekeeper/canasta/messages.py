"""Every problem's sentence, by its code: the one place where a refusal is put into words.

A :class:`.errors.Problem` carries a code and its parameters; this module
turns them into the sentence a player reads (a translation would be another
table of the same codes). The referee's refusals of a move are here too
(``REFUSALS``, by their own codes, which the play API answers with).
The rules checks' and the referee's parameters are data — numbers, rank
codes, card text, flags, nested problems — and a field's format spec says how
it reads (``SPECS``: ``{rank:plural}`` is "kings"); some older problems of the
score's input still carry a few words the engine chose (labels, rule set names):

>>> sentence("pile.natural_pair_needed", {"because": [sentence("pile.frozen.by_a_card", {})], "rank": "Q", "in_hand": 0})
'A wild card or a turned-up red 3 freezes the pile: taking it needs a natural pair of queens from your hand; you have none.'
>>> refusal_sentence("cannot_go_out", {"shares": False, "needed": 2, "has": 1})
'You need 2 canastas to go out and you have 1: keep a card.'
>>> sentence("meld.too_few_naturals", {"naturals": 1})
'A meld needs at least 2 natural cards; this one has 1.'
>>> sentence("value.above.decks", {"label": "Red 3s", "high": 4})
'Red 3s cannot be more than 4: the decks hold 4.'
>>> sentence("sides.count", {"rules": "Classic, 2 players", "scorers": 2, "scorer": "player", "count": 3})
'Classic, 2 players scores 2 sides, one per player; this hand has 3.'
"""

from __future__ import annotations

import string
from collections.abc import Mapping


def N_(text: str) -> str:
    """Mark ``text`` for the catalogues (``pybabel extract`` finds it); it is translated when shown.

    The engine keeps no catalogue: a caller passes its ``gettext`` to :func:`sentence`,
    :func:`refusal_sentence` or :func:`worded`, and the template is translated before
    its fields are filled in. Without one, the words are English.
    """
    return text


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a counted noun's plural pair for the catalogues (``pybabel extract -k Nn_:1,2``): ``"{count} card"``,
    ``"{count} cards"``. :func:`.words.counted` chooses the form through the reader's ``ngettext``."""
    return singular, plural


def _same(text: str) -> str:
    return text


MESSAGES: dict[str, str | tuple[str, str]] = {
    # --- reading any value (fields.FieldReader) ------------------------------------------
    "value.not_integer": N_("{label} must be a whole number, like {example}."),
    "value.negative": N_("{label} cannot be negative."),
    "value.below": N_("{label} cannot be less than {low:,}."),
    "value.above": N_("{label} cannot be more than {high:,}."),
    "value.above.decks": N_("{label} cannot be more than {high:,}: the decks hold {high}."),
    "value.above.decks_of_a_rank": N_("{label} cannot be more than {high:,}: the decks hold {high} of a rank."),
    "value.above.decks_points": N_("{label} cannot be more than {high:,}: the decks hold {high:,} points of cards."),
    "value.above.side_players": N_("{label} cannot be more than {high:,}: a side has {high} players."),
    "value.multiple_of_5": N_("{label} must be a multiple of 5 (card values are 5, 10, 20 or 50)."),
    "value.multiple_of": N_("{label} must be a multiple of {step}."),
    "value.not_boolean": N_("{label} must be true or false."),
    "value.not_choice": N_("{label} must be {listed}."),
    "value.not_object": N_("{what} must be an object of named fields."),
    "value.unknown_field": N_('{what} has no field "{name}". Its fields: {fields}.'),
    "value.not_list": N_("{what} must be a list."),
    "value.too_many_entries": N_("{what} can have at most {most} entries; this has {count:,}."),
    # --- card text (cards) ---------------------------------------------------------------
    "card.three_without_suit": N_("A 3 needs its suit: 3H or 3D for a red 3, 3S or 3C for a black 3."),
    "card.joker_with_suit": N_("A joker has no suit."),
    "cards.not_text": N_('Cards must be written as text, like "K K 2".'),
    "cards.too_long": N_("That text is too long to be cards (at most {most:,} characters)."),
    "cards.too_many": N_("That is more than {most} cards; three decks hold only {most}."),
    "cards.joker_suit": N_('Cannot read "{token}" (card {number}): a joker has no suit.'),
    "cards.unreadable": N_('Cannot read "{token}" (card {number}).'),
    "cards.unreadable_hint": N_('Cannot read "{token}" (card {number}). '
                                'Write cards as 4 to 10, J, Q, K, A, 2, JK for a joker, and a 3 with its suit (3H, 3S).'),
    "cards.three_without_suit": N_("Card {number} is a 3 without its suit: "
                                   "write 3H or 3D for a red 3, 3S or 3C for a black 3."),
    "cards.more_than_decks": N_("{decks} hold only {held} {what}; you wrote {count}."),
    # --- one meld (hand.Meld, melds, families) -------------------------------------------
    "meld.wild_rank": N_("Give a meld of wild cards only with rank None, its 2s as twos and jokers as jokers."),
    "meld.wild_with_naturals": N_("A meld of wild cards only has no natural cards."),
    "meld.red_threes": N_("Red 3s are never melded: they are laid out on their own."),
    "meld.not_one_rank": N_("A meld holds cards of one rank; these are {ranks:labels}."),
    "meld.more_than_decks": N_("{decks:Decks} hold only {held} {what:label}; this meld has {count}."),
    "meld.wild_alone": N_("A meld of wild cards alone is not allowed in {family:family}."),
    "meld.black_threes_going_out": N_("Black 3s are melded only by a player going out."),
    "meld.black_threes_no_wilds": N_("Black 3s are melded without wild cards."),
    "meld.black_threes_size": N_("Black 3s are melded 3 or 4 at a time; this meld has {naturals}."),
    "meld.too_few_naturals": N_("A meld needs at least 2 natural cards; this one has {naturals}."),
    "meld.too_small": N_("A meld needs at least {least} cards; this one has {size}."),
    "meld.too_many_wilds": N_("A meld may hold at most {most} wild cards; this one has {wilds}."),
    "meld.wilds_outnumber": (N_("With your house rule, wild cards may not outnumber the natural cards; "
                             "this meld has {wilds} wild and {naturals} natural.")),
    "meld.naturals_outnumber": (N_("With your house rule, the natural cards must outnumber the wild cards; "
                                "this meld has {naturals} natural and {wilds} wild.")),
    "meld.threes_never_melded": N_("In {family:family} 3s are never melded: they are laid out on their own."),
    "meld.too_big": N_("A meld holds at most {most} cards in {family:family}; this one has {size}."),
    "meld.wild_meld_too_small": N_("A meld of wild cards needs at least {least}; this one has {size}."),
    "meld.sevens_no_wilds": N_("Sevens never take wild cards."),
    "meld.too_many_wilds_in": N_("A meld may hold at most {most} wild cards in {family:family}; this one has {wilds}."),
    "meld.aces_wilds_initial": N_("Aces take wild cards only as part of the side's initial meld."),
    # --- rule sets and options (rules) ---------------------------------------------------
    "rules.missing": N_("Choose a rule set: {choices}."),
    "rules.unknown": N_('There is no rule set "{rules}". Choose one of: {choices}.'),
    "rules.unknown_long": N_("There is no such rule set. Choose one of: {choices}."),
    "options.not_object": N_('Options must be an object of option names and values, like {{"target": 5000}}.'),
    "options.unknown": N_('There is no option "{name}". Options here: {known}.'),
    "options.not_here": N_('The option "{name}" is not part of {rules}.'),
    "options.out_of_range": N_("{label} must be a whole number from {low:,} to {high:,}."),
    "options.choose": N_("{label}: choose one of {listed}."),
    # --- a hand's fields (sides) ---------------------------------------------------------
    "totals.one_per_scorer": N_("Give one total per {scorer}: a list of {scorers} whole numbers."),
    "members.not_list": N_("Members must be a list of {scorer} numbers counted from 0, like [{index}]."),
    "members.not_scorer": N_("A member is a {scorer} number from 0 to {last}."),
    "members.twice": N_("{Scorer} {number} is listed twice."),
    "red_threes.list_size": N_("Give red 3s as one count per member of the side: a list of {size}."),
    "red_threes.per_partner": (N_("For partners, give red 3s as a list, one count per partner, like [1, 0]: "
                               "each scores their own.")),
    "melds.wild_with_naturals": (N_("A meld of wild cards has no natural cards: give its 2s as twos "
                                 "and its jokers as jokers.")),
    "melds.rank": N_("Give the meld's rank: 4 to 10, J, Q, K, A, 3 for black 3s."),
    "melds.rank_or_wild": N_('Give the meld\'s rank: 4 to 10, J, Q, K, A, 3 for black 3s, or "wild" for a meld of wild cards.'),
    "melds.rank_twice": N_("This side already has a meld of {label} (meld {first}): one meld per rank."),
    "going_out.no_concealed": N_('{family} has no concealed going out: use "out".'),
    "melds.and_totals": N_("Give either melds or melded points with canasta counts, not both."),
    "in_hand.and_points": N_("Give either hand points or the cards in hand, not both."),
    # --- a side's numbers (validation) ---------------------------------------------------
    "melded_points.below_canastas": Nn_("{canastas:held} holds at least {least:,} points of cards, but melded points "
                                        "are {melded:,}: count every melded card, canastas included.",
                                        "{canastas:held} hold at least {least:,} points of cards, but melded points "
                                        "are {melded:,}: count every melded card, canastas included."),
    "going_out.nothing_melded": N_("A side that goes out has melded its cards, but this side melded nothing."),
    "going_out.concealed_no_canasta": (N_("Going out concealed means melding the whole hand at once, including "
                                       "a canasta; this side has none.")),
    "going_out.canastas_needed": N_("A side needs {needed:canastas} to go out; this side has {has:none}."),
    "going_out.special_hand": (N_("A special hand ends the hand by itself: the side that lays it down does not "
                               "go out as well.")),
    # A plural pair (Nn_): its form chosen by the parameter "count".
    "held.aces_in_hand": Nn_("Aces left in hand are {cards}, but {count} player holding 3+ aces holds at least {least} "
                             "aces: count them among the cards left in hand.",
                             "Aces left in hand are {cards}, but {count} players holding 3+ aces hold at least {least} "
                             "aces: count them among the cards left in hand."),
    "held.sevens_in_hand": Nn_("4s to 7s left in hand are {cards}, but {count} player holding 3+ sevens holds at least "
                               "{least} sevens: count them among the cards left in hand.",
                               "4s to 7s left in hand are {cards}, but {count} players holding 3+ sevens hold at least "
                               "{least} sevens: count them among the cards left in hand."),
    "held.points_in_hand.aces": Nn_("Cards left in hand are {points:,} points, but {count} player holding 3+ aces holds "
                                    "at least {least:,} (3 aces at {each} each): count those aces in the points left "
                                    "in hand.",
                                    "Cards left in hand are {points:,} points, but {count} players holding 3+ aces hold "
                                    "at least {least:,} (3 aces at {each} each): count those aces in the points left "
                                    "in hand."),
    "held.points_in_hand.sevens": Nn_("Cards left in hand are {points:,} points, but {count} player holding 3+ sevens "
                                      "holds at least {least:,} (3 sevens at {each} each): count those sevens in the "
                                      "points left in hand.",
                                      "Cards left in hand are {points:,} points, but {count} players holding 3+ sevens "
                                      "hold at least {least:,} (3 sevens at {each} each): count those sevens in the "
                                      "points left in hand."),
    "held.points_in_hand": (N_("Cards left in hand are {points:,} points, but {aces:players_aces} and "
                               "{sevens:players_sevens} hold at least {least:,} (3 aces at {each_ace} each and 3 sevens "
                               "at {each_seven} each): count those aces and sevens in the points left in hand.")),
    "special_hand.canastas": (N_("A special hand is laid down before the side melds anything, so the side cannot "
                              "have canastas too.")),
    # --- a hand's sides together (validation) --------------------------------------------
    "sides.count_partnership": (N_("{rules} scores 2 sides (one player alone against two partners) or {scorers} "
                                "(everyone alone); this hand has {count}.")),
    "sides.count": N_("{rules} scores {scorers} sides, one per {scorer}; this hand has {count}."),
    "members.fixed": N_("Side {number} is {scorer} {number}: leave members out or give [{index}]."),
    "members.two_sides": N_("With two sides, one player plays alone against two partners: members like [0] and [1, 2]."),
    "members.three_sides": N_("With three sides, everyone scores alone: members [0], [1] and [2]."),
    "members.on_two_sides": N_("{Scorer} {number} is already on side {side}."),
    "members.on_no_side": N_("{Scorer} {number} is on no side: everyone scores on exactly one."),
    "going_out.one_side": N_("Only one side can go out in a hand; side {first} already did."),
    "special_hand.one_side": N_("Only one side can lay down a special hand: side {first} did, and it ended the hand."),
    "last_drawn_three.one_side": N_("Only one 3 can be the last card drawn; side {first} has it."),
    "going_out.everyone_alone": (N_("When everyone scores alone, the stock ran out and nobody went out; whoever "
                                 "goes out before the pile is taken plays alone against two partners.")),
    "going_out.after_special_hand": N_("The hand ended with a special hand, so nobody went out."),
    "sides.more_cards_than_decks": (N_("Together the sides show {count} {what} (melded or in hand); "
                                    "{decks} hold only {most}.")),
    "sides.more_threes_than_decks": N_("The sides laid out {count} {what} together; {decks} hold only {most}."),
    "sides.more_points_than_decks": (N_("Together the sides count {points:,} points of cards, melded and in hand; "
                                     "{decks} hold only {most:,}.")),
    "sides.scarce_canastas": N_("{Decks} hold {supply} {what}: enough for only {enough} {names}; the sides give {made}."),
    # --- a game, a request (scoring) -----------------------------------------------------
    "hands.after_end": N_("The game ended after hand {ended}: no hand can follow it."),
    "request.not_object": N_("The request must be a JSON object with rules and sides."),
    "request.unknown_field": N_('There is no field "{name}". Fields: {fields}.'),
    # --- the checks' input (going_out) ---------------------------------------------------
    "side_melds.canastas": N_("The side's melds you gave hold {on_table:canastas}; canastas says {canastas}."),
    "side_melds.one_per_rank": N_("Your side has one meld of {meld:label}, not two: put them together."),
    # --- a problem of another hand of the game, said with its number ---------------------
    "in_hand": N_("Hand {number}: {problem.message}"),
    # --- a game's names and seats (games.write) ------------------------------------------
    "names.not_list": N_("{label} must be a list of names."),
    "names.count": N_("Give {count} names, one per {one}."),
    "names.too_many_seats": N_("There are at most {count} seats at this table."),
    "names.not_text": N_("A name must be text."),
    "names.empty": N_("Name {number} is empty."),
    "names.too_long": N_("Name {number} is longer than {most} characters."),
    "names.same": N_("Give each a different name, so the score sheet can tell them apart."),
    "names.every_seat": N_("Name every seat, or none."),
    "names.all_seats": N_("Name all {count} seats, or none."),
    "names.invisible": (N_("{what} holds an invisible character (U+{code}, {label}) that would hide or turn the text "
                        "around it; type the name again without it.")),
    "request.expected_version": N_("The expected version must be a whole number, like 3: the version of the game you last read."),
    # --- the rules checks' JSON bodies (api.checks) --------------------------------------
    "check.cards_text": N_('Give the cards as text, like "K K Q Q 2".'),
    "check.pile_top": N_("Give the top card of the pile, like K."),
    "check.one_pile_top": N_("Give one card, the top card of the pile; this has {count}."),
    "check.meld_rank": N_("Give a rank of a meld: 4 to 10, J, Q, K or A."),
    "check.cards_to_meld": N_('Give the cards you want to meld, like "K K Q Q 2".'),
    "check.one_meld": N_("Check one meld at a time: leave out the |."),
    "check.meld_cards": N_("Give the cards of the meld, like K K K 2."),
    "check.hand": N_('Give the cards in your hand, like "Q Q 5 9".'),
    "check.side_meld_counts": N_('side_meld_counts must be an object of ranks and counts, like {{"Q": 5}}.'),
    "check.side_has_melded": N_("Your side has melds on the table, so it has melded: side_has_melded must be true."),
    "check.player_has_melded": N_("A player who melded has made the side meld: side_has_melded must be true."),
    "check.side_meld": N_("Meld {number} ({cards}): {problem.message}"),
    # --- the pile check: a first meld made with the pile (pile, pile_meld) ------------------
    # {meld} is the top card with the natural pair, {points} what it counts toward {minimum}.
    "pile.first_meld.enough": N_("Yes \u2014 your meld with it reaches {minimum}: {meld} is {points}."),
    "pile.first_meld.enough_uncounted": (N_("Yes \u2014 your meld with it reaches {minimum} without the {top:one} on top: "
                                         "{meld} counts {points}.")),
    "pile.first_meld.if": N_("Yes \u2014 if your meld with it reaches {minimum}: {meld} is {points}."),
    "pile.first_meld.if_uncounted": (N_("Yes \u2014 if your meld with it reaches {minimum} without the {top:one} on top: "
                                     "{meld} counts {points}.")),
    "pile.first_meld.if_unknown": (N_("Yes \u2014 if your meld with it reaches your minimum ({minimums:or}, by your "
                                   "total): {meld} is {points}.")),
    "pile.first_meld.if_unknown_uncounted": (N_("Yes \u2014 if your meld with it reaches your minimum ({minimums:or}, by "
                                             "your total) without the {top:one} on top: {meld} counts {points}.")),
    "pile.first_meld.hand_can": N_("Your hand can reach it: {melds:and} make {points}."),
    "pile.first_meld.hand_can_uncounted": N_("Your hand can reach it: {melds:and} count {points} without the {top:one} on top."),
    "pile.first_meld.short": (N_("No: taking the pile would be your side's first meld, which must reach {minimum}, and "
                              "with the {top:one} on top your hand makes at most {points} ({melds:and}).")),
    "pile.first_meld.short_uncounted": (N_("No: taking the pile would be your side's first meld, which must reach {minimum} "
                                        "without the {top:one} on top, and your hand makes at most {points} ({melds:and}).")),
    "pile.asks_total": (N_("Your side has not melded yet, so taking the pile is its first meld: give {team:whose} total "
                        "before this hand (0 in the first hand), or its minimum, to know whether it is enough.")),
    # --- the pile check's input (pile) ---------------------------------------------------
    "pile.minimum_unknown": N_("In {rules:rules}, the minimum is {minimums:or}; {minimum:,} is none of them."),
    "pile.minimum_and_total": (N_("At a total of {total:points} the minimum is {expected}, not {minimum:,}: give the total "
                               "or the minimum, or both that agree.")),
    # --- a position of a deal as data (play.codec, api.play) -----------------------------
    "position.missing": N_("Give the position: every hand, the stock, the pile, the melds, whose turn."),
    "position.per": N_("Give {what}: a list of {count}."),
    "position.seat": N_("A seat is a number from 0 to {last}."),
    "position.empty_hand": N_("A hand of a deal still being played holds 1 card or more."),
    "position.meld": N_("Meld {number} ({cards}): {problem.message}"),
    "position.one_meld_per_rank": N_("A side has one meld of {meld}, not two: put them together."),
    "position.stock": N_("The stock holds from 0 to {most} cards."),
    "position.threes": N_("Only {which} are laid out on their own."),
    "position.hand_keeps_three": N_("A hand never keeps {which}: it is laid out at once and replaced."),
    "position.three_in_pile": N_("In {family} 3s are laid out as they come: none is ever in the pile."),
    "position.card_missing": (N_("The position shows {shown} cards and counts {wanted} more: {missing} of the {cards} "
                              "cards is missing.")),
    "position.cards_missing": (N_("The position shows {shown} cards and counts {wanted} more: {missing} of the {cards} "
                               "cards are missing.")),
    "position.too_many_cards": N_("The position holds {count} cards; the decks hold only {cards}."),
    "position.true_or_false": N_("Say true or false."),
    "position.has_melded": N_("Side {side} has melds on the table, so it has melded."),
    "position.began": N_("Before the draw the turn has not begun: leave began out."),
    "position.answer": N_("The partner's answer is true, false or null."),
    "position.lone": N_("{rules} has no partnership formed in the deal."),
    "position.new_meld": N_("Give the rank of a meld started this turn."),
    "position.seed": N_("The seed is a whole number or a text."),
    "position.hands_hold_threes": (N_("The hands given as counts hold more cards than the position leaves for them: "
                                   "a hand never holds {which}.")),
    "position.frozen": N_("The pile holds a wild card or a red 3, so it is frozen by a card."),
    "position.not_frozen": N_("The pile holds no wild card and no red 3, so it is not frozen by a card."),
    "position.absorbed": (N_("Seat {seat} plays with seat {partner}: their melds are one side's, given under that "
                          "lower seat.")),
    "position.no_partner": N_("Nobody can answer: the player to move has no partner."),
    "position.answer_unasked": N_("A partner answers only a player who asked, during the player's turn."),
    "move.seat": N_("The seat making the move is a number from 0 to {last}."),
    "move.missing": N_('Give the move, like {{"kind": "draw"}}.'),
    # --- a move of a deal as data (play.moves) -------------------------------------------
    "move.not_object": N_('A move is an object with its kind, like {{"kind": "draw"}}.'),
    "move.unknown_kind": N_("There is no move{name}. Moves: {known}."),
    "move.unknown_field": N_('A "{kind}" move has no field "{name}". Its fields: {listed}.'),
    "move.onto": N_('Say which meld the cards go on: a rank (4 to 10, J, Q, K, A, 3) or "wild".'),
    "move.melds": (N_('Give the melds as card text with | between melds, like "K K K | 8 8 2", '
                   'or a list of {{"cards", "onto"}}.')),
    "move.meld": N_('A meld is card text, or {{"cards": "2", "onto": "K"}}.'),
    "move.no_melds": N_('Give the cards to meld, like "K K K | 8 8 2".'),
    "move.discard_one": N_("Discard one card; this names {count}."),
    "move.answer": N_("Answer with yes: true or false."),
    "move.special_hand": N_('Name the special hand, like "straight".'),
    # --- a meld of a check, named (placement, initial_meld, going_out, play.lays) -------------
    # {meld} is the meld's key: a rank code ("K", "3" for black 3s), "wild", or None for cards that are no meld.
    "meld.named": N_("{meld:Label} ({cards}): {problem}"),
    "meld.dead_rank": N_("The {rank:label} are dead (a canasta of them is complete): nobody may meld them or add to them."),
    "meld.wilds_fit_nowhere": (N_("{count:wild_cards} fit no meld here: a meld holds at most 3, "
                               "and wild cards alone are not a meld in Classic.")),
    "sentences": N_("{problems:sentences}"),
    # --- the pile's top card and its freezing (pile_top) ------------------------------------
    "pile.frozen.always": N_("In Modern American the pile is always frozen"),
    "pile.frozen.by_a_card": N_("A wild card or a turned-up red 3 freezes the pile"),
    "pile.frozen.before_melding": N_("Your side has not melded yet, so the pile is frozen for it"),
    "pile.natural_pair_needed": (N_("{because:frozen}: taking it needs a natural pair of {rank:plural} from your hand; "
                                 "you have {in_hand:have_of_rank}.")),
    "pile.top_wild": N_("Nobody may take the pile with {card:a_card} on top."),
    "pile.top_three_modern": (N_("In Modern American 3s are laid out as they come, so a 3 is never the top card "
                              "of the pile. Give the card on top of it.")),
    "pile.top_red_three": (N_("A red 3 is never the top card of the pile: one turned up at the start freezes the pile and "
                           "the next card is turned over it, and in play red 3s are laid out, never discarded. "
                           "Give the card on top of it.")),
    "pile.top_black_three": N_("A black 3 on top stops the pile: nobody may take it this turn."),
    # --- may I take the pile (pile) ---------------------------------------------------------
    "pile.one_card_left": N_("With one card left in your hand you may not take a pile of one card."),
    "pile.dead_rank": (N_("The {rank:plural} are dead (a canasta of them is complete): nobody may take the pile "
                       "with {rank:a_rank} on top.")),
    "pile.meld_limit": (N_("Your side already has {count} {rank:plural} on the table: in {family:family} the pile "
                        "is not taken towards a meld of {limit} or more cards.")),
    "pile.way.natural_pair": N_("Meld the {rank:one} on top with two {rank:plural} from your hand."),
    "pile.way.natural_and_wild": N_("Meld the {rank:one} on top with {rank:a_rank} and {wild:a_card} from your hand."),
    "pile.way.add_to_meld": N_("Add the {rank:one} on top to your side's {rank:plural}."),
    "pile.yes": N_("Yes: {way:uncapital}"),
    "pile.meld_top_at_once": (N_("To take the pile you must meld the {rank:one} on top at once: "
                              "with two {rank:plural}, with one and a wild card, or by adding it to your side's "
                              "{rank:plural}. You have {in_hand:count_of_rank}, {wild:a_wild_card} and "
                              "{meld:a_meld_of_rank}.")),
    "pile.frozen_note": N_("{because:frozen}: it is taken only with a natural pair from your hand."),
    "pile.pair_on_meld": N_("The {rank:one} on top and your pair go on your side's {rank:plural}."),
    "pile.must_take": (N_("With the stock empty you must take the pile: its {top:one} goes on your side's {rank:plural} "
                       "and the pile is not frozen for your side.")),
    "pile.stock_empty.may_take": N_("The stock is empty: you may take the pile, or not take it and end the deal."),
    "pile.stock_empty.deal_ends": N_("The stock is empty and you cannot take the pile: the deal ends."),
    # --- is this enough for a first meld (initial_meld) -------------------------------------
    "initial.concealed_with_pile": (N_("Going out concealed means drawing from the stock: a player who takes the pile "
                                    "does not go out concealed.")),
    "initial.clean_triple": (N_("In Modern American the initial meld must include a clean triple: "
                             "three or more natural cards of one rank and no wild card.")),
    "initial.canastas_to_go_out": N_("To go out your side needs {needed:canastas}; these melds make {made:none}."),
    "initial.no_cards": N_("Give the cards you want to meld."),
    "initial.red_threes": (N_("Red 3s are never melded and never count toward the minimum: lay {count:it} "
                           "out on {count:its} own and leave {count:it} out here.")),
    "initial.group_again": (N_("Group {number} is {meld:label} again: a side has one meld per rank, "
                            "so put them with group {first}.")),
    # --- can my side go out (going_out) -----------------------------------------------------
    # {shares}: the player's canastas are a side's, shared with a partner ("Your side needs", not "You need").
    "going_out.rule.canastas": N_("{shares:needs} {needed:canastas} to go out; one completed in the same turn counts."),
    "going_out.rule.discard": N_("Meld all your cards but one and discard it: you go out with a discard."),
    "going_out.rule.meld_every": N_("Meld every card, or all but one and discard it."),
    "going_out.rule.concealed": (
        N_("Going out scores {bonus}. Going out concealed scores {concealed} in all: "
        "the whole hand melded in one turn, including a canasta, nothing melded earlier in the hand"
        "{shares:partner_clause}. "
        "A player who draws from the stock and goes out concealed needs no initial-meld minimum.")),
    "going_out.rule.no_concealed": N_("Going out scores {bonus}; there is no bonus for going out concealed."),
    "going_out.red_threes_left_out": N_("Red 3s are laid out at once, never kept in hand: they are left out here."),
    "going_out.threes_left_out": N_("In Modern American 3s are laid out as they come: they are left out here."),
    "going_out.no_card_to_discard": (N_("In Modern American you go out by discarding your last card: "
                                     "you need a card to discard.")),
    "going_out.closest_way": N_("You cannot meld {must_discard:keep}; the closest way breaks these rules."),
    "going_out.canastas_short": (N_("{shares:needs} {needed:canastas} to go out and would have {after:none}, "
                                 "counting any this turn's melds complete.")),
    "going_out.clean_triple": (N_("These melds are your side's initial meld, which in Modern American must include a "
                               "clean triple: three or more natural cards of one rank and no wild card.")),
    "going_out.minimum_short": (N_("These melds are your side's initial meld: they make {points}, "
                                "{short_by} short of your minimum of {minimum}.")),
    "going_out.concealed_no_minimum": N_("Drawn from the stock, going out concealed needs no minimum."),
    "going_out.concealed_no_minimum_short": (
        N_("Drawn from the stock, going out concealed needs no minimum. After taking the pile it would: "
        "these melds make {points} of your minimum of {minimum}.")),
    "going_out.concealed_no_minimum_unknown": (N_("Drawn from the stock, going out concealed needs no minimum; "
                                               "after taking the pile these melds must reach your minimum.")),
    "going_out.initial_minimum": N_("These melds are also your side's initial meld: they must reach your minimum."),
    "going_out.nothing_to_meld": N_("You hold no card to meld: you are out."),
    # {steps}: each a going_out.step.* problem, said in turn ("meld K K K and discard the 5").
    "going_out.plan": N_("Go out: {steps:and}."),
    "going_out.plan_concealed": N_("Go out concealed: {steps:and}."),
    "going_out.step.meld": N_("meld {cards}"),
    "going_out.step.add": N_("add {cards} to your side's {meld:label}"),
    "going_out.step.discard": N_("discard the {card:card_text}"),
    # Why a player may not ask "may I go out?": the going-out check's reasons, begun in lower case
    # when they begin with "You", "Your" or "These" (they follow a colon).
    "going_out.why_not": N_("{reasons:after_colon}"),
    # --- a lay of a move the referee judges (play.lays) -------------------------------------
    "lay.cards": N_("{cards}: {problem}"),
    "lay.not_onto": N_("{cards}: these cards do not go on {meld:label}."),
    # --- a special hand's cards (play.special) ----------------------------------------------
    "special.size": N_("a special hand is {size} cards; you hold {count}."),
    "special.rule.straight": N_("one natural card of each rank 4 to ace and three wild cards."),
    "special.rule.pairs": N_("seven natural pairs of seven ranks, no wild card."),
    "special.rule.pairs_wild": N_("six natural pairs of six ranks and a pair of wild cards."),
    "special.rule.garbage": (N_("four cards of one rank, four of another, three of a third and three of a fourth, "
                             "no wild card.")),
    "special.rule.unknown": "",
    # --- the selected cards as a move (play.selection): cards as codes, melds by their key ----
    "selection.grouped": (N_("You selected {selected:cards_words}, and the app put {placed:placed} "
                          "(to choose yourself, put down one meld at a time, or tap a meld to add to it).")),
    "selection.grouped_take": (N_("You selected {selected:cards_words}, and the app put {placed:placed} "
                               "(to choose yourself, select only the cards that go with the top card).")),
    "selection.wilds_to_a_meld": (N_("To add {cards:cards_words} to a meld, keep {cards:them} selected and tap that "
                                  "meld on your side of the table.")),
    "selection.wilds_no_meld": (N_("Wild cards alone make no meld, and your side has no meld to add {cards:them} to "
                                "yet: put {cards:them} down with natural cards of one rank.")),
    # --- why the referee refuses a move: a play.problems.Refusal, with its own code and words ---
    "play.refused": N_("{refusal.message}"),
    "position.black_threes_melded": (N_("Black 3s are melded only by a player going out: they lie on the table only "
                                     "while the player to move, who melded them this turn, discards the last card.")),
}


# --- why the referee refuses a move (play.problems.Refusal) ---------------------------------
# Their codes are the refusal's own, as the play API answers them ("code": "deal_over").
# Two are also the rules checks' words: the dead ranks (dead.py) and the empty stock (pile.py).
# Their parameters are data: ranks as codes ("K"), counts as numbers, a check's problem as a problem.
DEAD_RANK = MESSAGES["meld.dead_rank"]
# RULES.md ("The stock runs out"): a player who must draw from an empty stock must take the pile
# when its top card goes on the side's meld and the pile is not frozen for the side.
MUST_TAKE = MESSAGES["pile.must_take"]

REFUSALS: dict[str, str] = {
    "deal_over": N_("The deal is over: no move can follow."),
    "not_your_turn": N_("It is seat {to_move}'s move, not seat {seat}'s: wait for your turn."),
    "draw_first": N_("First draw from the stock or take the pile."),
    "drawn_already": N_("You have begun your turn already: meld, or discard to end it."),
    "answer_first": N_("Your partner must answer first: may you go out?"),
    "not_asked": N_("Nobody asked you whether they may go out."),
    "stock_empty": N_("The stock is empty: take the pile if you can, or end the deal."),
    "stock_not_empty": N_("The stock still holds {count} cards: draw, or take the pile."),
    "must_take_pile": MUST_TAKE,
    "not_in_hand": N_("You do not hold {cards}."),
    "pile_empty": N_("The pile is empty: there is nothing to take."),
    "pile": N_("{problem}"),
    "pile_frozen": N_("{because:frozen}: take it only with two natural {rank:plural} from your hand."),
    "pile_with": (N_("To take the pile, meld the {top:one} on top at once: the cards you give with it must be "
                  "{rank:plural} or wild cards.")),
    "pile_add_needs_meld": (N_("To take the pile with no card from your hand, its {top:one} must go on your side's "
                            "{rank:plural}, and your side has none.")),
    "pile_wilds_only": (N_("To take the pile, meld the {top:one} on top with natural {rank:plural} from your hand: "
                        "wild cards alone do not take it.")),
    "meld_rule": N_("{problem}"),
    "initial_meld": N_("{problem}"),
    "initial_minimum": (N_("Your side's first meld must reach {minimum}: these melds make {points}, "
                        "{short_by} short{top_counts:top_uncounted}.")),
    "dead_rank": DEAD_RANK,
    "no_cards": N_("Give the cards to meld."),
    "which_meld": N_("Wild cards alone make no meld: say which of your side's melds {cards:cards_words} {cards:go_on}."),
    "no_such_meld": N_("Your side has no meld of {rank:label} to add {cards} to."),
    "others_meld": (N_("{cards}: a side never adds to another side's melds, "
                    "and alone these cards make no meld of {rank:label}.")),
    "black_threes": N_("Black 3s are melded only by a player going out."),
    "keep_a_card": (N_("Your side may not go out yet ({have:canastas} of the {needed} needed): keep at least one card "
                    "after your discard, so this move must leave you two.")),
    "keep_a_card_asked": (N_("Your partner said no to going out: keep at least one card after your discard this turn, "
                          "so this move must leave you two.")),
    "discard_to_go_out": N_("In Modern American you go out with a final discard: keep one card to discard."),
    "must_go_out": (N_("Your partner said yes, so you must go out this turn: lay down your cards "
                    "(all but one to discard) in one move.")),
    "cannot_go_out": N_("{shares:needs} {needed:canastas} to go out and {has:has_canastas}: keep a card."),
    "no_partner": N_("You have no partner to ask."),
    "ask_when": N_("Ask your partner after drawing from the stock and before you meld."),
    "asked_already": N_("You asked already this turn."),
    "ask_cannot_go_out": N_("You cannot go out this turn, so there is nothing to ask: {why}"),
    "special_unknown": N_("There is no special hand \"{name}\". Special hands here: {names:comma}."),
    "special_none": N_("This rule set has no special hands."),
    "special_when": N_("A special hand is laid down after drawing from the stock, before your side has melded anything."),
    "special_cards": N_("Your 14 cards are not a {name:special}: {rule}"),
}


# --- putting data into words ----------------------------------------------------------------
# A parameter is data: a number, a rank code ("K", "10"; "3" for black 3s; "wild" for a meld of wild
# cards; None for cards that make no meld), a card code ("KS", "JK"), a flag, a list, or a problem of
# its own. A field's format spec says how it reads: "{rank:plural}" is "kings". A translation would
# give these words too; a spec that needs another parameter (the rank of a count) reads it by name.


def _rank(code):
    from .cards import Rank

    return Rank(code)


def _card(code):
    from .cards import parse_cards

    return parse_cards(code)[0]


def _label(key) -> str:
    """Return what a meld of ``key`` is made of: "kings", "black 3s", "wild cards"; "cards" for no meld."""
    if key is None:
        return N_("cards")
    if key == "wild":
        return N_("wild cards")
    if key == "3":
        return N_("black 3s")
    return _rank(key).plural


def _words():
    from . import words

    return words


def _cards(cards) -> list:
    """Return cards given as card text ("2♦ JK") or as a list of codes (["2D", "JK"])."""
    from .cards import parse_cards

    return parse_cards(cards if isinstance(cards, str) else " ".join(cards))


PLACED = N_("{cards} on the {meld}")


def _placed(placed, gettext=_same) -> str:
    """Return where wild cards were put: "a 2 on the 9s and a joker on the 5s" (in ``gettext``'s language)."""
    words = _words()
    return words.join_and([gettext(PLACED).format(cards=words.cards_words(_cards(cards), gettext),
                                                  meld=gettext(_label(key))) for key, cards in placed], gettext)


def _frozen(reasons) -> str:
    """Return why the pile is frozen, the reasons joined in one clause ("A wild card … and your side …")."""
    first, *more = [str(reason) for reason in reasons]
    return first + "".join(" and " + part[0].lower() + part[1:] for part in more)


def _after_colon(reasons) -> str:
    text = " ".join(str(reason) for reason in reasons)
    return text[:1].lower() + text[1:] if text.startswith(("You", "Your", "These")) else text


def _family(family_id: str) -> str:
    from .families import FAMILIES

    return FAMILIES[family_id].name


def _rules(rules_id: str) -> str:
    from .rules import PRESETS

    return PRESETS[rules_id].name


def _special(name: str) -> str:
    from .rules import SPECIAL_HANDS

    return next((hand.label for hand in SPECIAL_HANDS if hand.id == name), name).lower()


UNFINISHED_MELDS = {"aces": N_("an unfinished meld of aces"), "sevens": N_("an unfinished meld of sevens"),
                    "wild": N_("an unfinished meld of wild cards")}


def _held(canastas, unfinished, gettext) -> str:
    """Return a side's canastas and unfinished melds in words: "1 natural canasta and an unfinished meld of aces"."""
    from .kinds import CanastaKind

    parts = [f"{count} {gettext(CanastaKind(kind).noun(count))}" for kind, count in canastas]
    return _words().capital(_words().join_and(parts + [gettext(UNFINISHED_MELDS[kind]) for kind in unfinished],
                                              gettext))


PLAYERS_ACES = Nn_("{count} player holding 3+ aces", "{count} players holding 3+ aces")
PLAYERS_SEVENS = Nn_("{count} player holding 3+ sevens", "{count} players holding 3+ sevens")

# spec: (value, every parameter, the reader's gettext) -> words
SPECS = {
    "plural": lambda rank, _, g: g(_rank(rank).plural),
    "one": lambda rank, _, g: _words().singular(_rank(rank)),
    "a_rank": lambda rank, _, g: _words().rank_word(_rank(rank), 1, g),
    "a_card": lambda card, _, g: _words().card_word(_card(card), g),
    "card_text": lambda card, _, g: str(_card(card)),
    "label": lambda key, _, g: g(_label(key)),
    "labels": lambda keys, _, g: _words().join_and([g(_label(key)) for key in keys], g),
    "Decks": lambda decks, _, g: g(_words().decks_phrase(decks, "capital")),
    "Label": lambda key, _, g: _words().capital(g(_label(key))),
    "count_of_rank": lambda count, p, g: _words().rank_word(_rank(p["rank"]), count, g),
    "have_of_rank": lambda count, p, g: _words().rank_word(_rank(p["rank"]), count, g) if count else g(N_("none")),
    "a_wild_card": lambda has, _, g: g(N_("a wild card")) if has else g(N_("no wild card")),
    "a_meld_of_rank": lambda has, p, g: (g(N_("a meld of {rank}")) if has else g(N_("no meld of {rank}"))).format(
        rank=g(_rank(p["rank"]).plural)),
    "cards_words": lambda cards, _, g: _words().cards_words(_cards(cards), g),
    "them": lambda cards, _, g: g(N_("it")) if len(_cards(cards)) == 1 else g(N_("them")),
    "go_on": lambda cards, _, g: g(N_("goes on")) if len(_cards(cards)) == 1 else g(N_("go on")),
    "placed": lambda placed, _, g: _placed(placed, g),
    "canastas": lambda count, _, g: _words().counted(count, _words().CANASTAS, g),
    "held": lambda canastas, p, g: _held(canastas, p["unfinished"], g),
    "players_aces": lambda count, _, g: _words().counted(count, PLAYERS_ACES, g),
    "players_sevens": lambda count, _, g: _words().counted(count, PLAYERS_SEVENS, g),
    "wild_cards": lambda count, _, g: _words().counted(count, _words().WILD_CARDS_COUNTED, g),
    ",": lambda value, _, g: _words().number_word(value, g),
    "none": lambda count, _, g: str(count) if count else g(N_("none")),
    "it": lambda count, _, g: g(N_("it")) if count == 1 else g(N_("them")),
    "its": lambda count, _, g: g(N_("its")) if count == 1 else g(N_("their")),
    "needs": lambda shares, _, g: g(N_("Your side needs")) if shares else g(N_("You need")),
    "has_canastas": lambda count, p, g: (g(N_("it has {count}")) if p["shares"] else g(N_("you have {count}"))).format(
        count=str(count) if count else g(N_("none"))),
    "partner_clause": lambda shares, _, g: g(N_(", nothing added to your partner's melds")) if shares else "",
    "keep": lambda must_discard, _, g: (g(N_("all of them but one to discard")) if must_discard
                                        else g(N_("all of them, or all but one to discard"))),
    "top_uncounted": lambda counts, _, g: "" if counts else g(N_(" (the top card does not count)")),
    "whose": lambda team, _, g: g(N_("your side's")) if team else g(N_("your")),
    "family": lambda family_id, _, g: g(_family(family_id)),
    "rules": lambda rules_id, _, g: g(_rules(rules_id)),
    "special": lambda name, _, g: _special(name),
    "points": lambda value, _, g: _words().points_word(value, g),
    "or": lambda items, _, g: _words().join_or([str(item) for item in items], g),
    "and": lambda items, _, g: _words().join_and([str(item) for item in items], g),
    "comma": lambda items, _, g: ", ".join(str(item) for item in items),
    "frozen": lambda reasons, _, g: _frozen(reasons),
    "uncapital": lambda said, _, g: (text := str(said))[:1].lower() + text[1:],
    "sentences": lambda said, _, g: " ".join(str(each) for each in said),
    "after_colon": lambda reasons, _, g: _after_colon(reasons),
}


class _Wording(string.Formatter):
    """str.format with the specs of :data:`SPECS`, each given every parameter (``{high:,}`` is the reader's number)."""

    def __init__(self, params: Mapping[str, object], gettext=None):
        self.params = params
        self.gettext = gettext or _same

    def format_field(self, value, format_spec):
        words = SPECS.get(format_spec)
        if words is not None:
            return words(value, self.params, self.gettext)
        return super().format_field(value, format_spec)


def render(template: str | tuple[str, str], params: Mapping[str, object], gettext=_same) -> str:
    """Return ``template`` with its fields filled from ``params``, each read as its spec says.

    ``gettext`` translates the template first (and any problem among the parameters); a plural pair
    (:func:`Nn_`) takes the form of its ``count`` parameter.
    """
    if isinstance(template, tuple):
        template = _words().counted_form(params["count"], template, gettext)
    elif gettext is not _same:
        template = gettext(template) if template else template
    if gettext is not _same:
        params = {name: _translated(value, gettext, name) for name, value in params.items()}
    if ":" not in template and "." not in template:
        return template.format_map(params)
    return _Wording(params, gettext).vformat(template, (), params)


class _Worded(str):
    """A nested problem already worded in the reader's language (``{refusal.message}`` reads it too)."""

    @property
    def message(self) -> str:
        return str(self)


# Parameters that are words of the app (a field's label, what a body is), marked with N_ where they are made.
WORDED_PARAMS = {"label", "what", "listed", "reason", "decks", "Decks"}


def _translated(value, gettext, name=""):
    """Return a parameter with every problem in it worded through ``gettext``, and the app's own words (the
    parameters of :data:`WORDED_PARAMS`) translated; other data as it is."""
    if name in WORDED_PARAMS and isinstance(value, str):
        return gettext(value)
    if hasattr(value, "code") and hasattr(value, "params"):
        return _Worded(worded(value, gettext))
    if isinstance(value, (list, tuple)) and any(hasattr(each, "code") for each in value):
        return [_translated(each, gettext) for each in value]
    return value


def sentence(code: str, params: Mapping[str, object], gettext=_same) -> str:
    """Return the sentence of problem ``code`` with its ``params`` (translated by ``gettext`` when given)."""
    return render(MESSAGES[code], params, gettext)


def refusal_sentence(code: str, params: Mapping[str, object], gettext=_same) -> str:
    """Return the sentence of the referee's refusal ``code`` with its ``params`` (translated by ``gettext``)."""
    return render(REFUSALS[code], params, gettext)


def worded(item, gettext=_same) -> str:
    """Return a rules problem (its ``params`` a mapping) or a referee's refusal (pairs) in ``gettext``'s language."""
    if isinstance(item.params, Mapping):
        return sentence(item.code, item.params, gettext)
    return refusal_sentence(item.code, dict(item.params), gettext)
