"""Field names as API paths: how a form's fields become the API's JSON, and back.

A field called ``sides-0-in_hand-jokers`` holds the API's
``sides[0].in_hand.jokers``. Fields used only some of the time carry
*conditions* (``{"sides-0-mode": ("melds",)}``): a field is *active* when each
control it depends on holds one of the allowed values. Choices of a control
may *set* paths: the one "who went out" radio sets ``sides[1].going_out``.
Only this module reads the form into JSON: the live preview sends the form
itself to the hand page's preview route (``static/hand.js`` uses ``data-when``
only to show the fields in use).

>>> tree = {}
>>> put(tree, ["sides", "0", "melds", "3", "rank"], "K")
>>> put(tree, ["sides", "0", "melds", "3", "naturals"], 5)
>>> put(tree, ["sides", "0", "melds", "4", "rank"], "Q")
>>> remap = {}
>>> finalize(tree, (), remap)
{'sides': [{'melds': [{'rank': 'K', 'naturals': 5}]}]}
>>> original_name("sides[0].melds[0].twos", remap)
'sides-0-melds-3-twos'
"""

import json
import re

from wtforms import FormField

FIXED_KEYS = ("rank",)  # a meld row always has its rank: a row with nothing else is left out


def when_attr(conditions):
    """Return the ``data-when`` text of conditions.

    >>> when_attr({"sides-0-mode": ("number", "cards"), "arrangement": ("everyone",)})
    'sides-0-mode:number|cards;arrangement:everyone'
    """
    return ";".join(f"{control}:{'|'.join(values)}" for control, values in conditions.items())


def when_conditions(text):
    """Return the conditions of a ``data-when`` text (the inverse of :func:`when_attr`).

    >>> when_conditions("sides-0-mode:number|cards;arrangement:everyone")
    {'sides-0-mode': ('number', 'cards'), 'arrangement': ('everyone',)}
    """
    found = {}
    for part in filter(None, text.split(";")):
        control, _, allowed = part.partition(":")
        found[control] = tuple(allowed.split("|"))
    return found


def is_active(conditions, values):
    """True when every control named in ``conditions`` holds one of its allowed values ("" = none)."""
    return all((values.get(control) or "") in allowed for control, allowed in conditions.items())


def segments_of(path):
    """``sides[0].melds[2].twos`` -> ``["sides", "0", "melds", "2", "twos"]``."""
    return [part for part in re.split(r"[.\[\]]+", path) if part]


def put(tree, segments, value):
    """Set ``value`` at ``segments`` in a tree of dicts (list indexes stay digit keys until finalize)."""
    node = tree
    for segment in segments[:-1]:
        node = node.setdefault(segment, {})
    node[segments[-1]] = value


def finalize(node, prefix, remap):
    """Turn dicts with digit keys into lists, leaving out rows that hold only fixed keys.

    ``remap[(prefix, new_index)]`` keeps the digit key each list entry came
    from, so that a problem at ``melds[0]`` finds the row the player typed in.
    """
    if not isinstance(node, dict):
        return node
    keys = list(node)
    if keys and all(key.isdigit() for key in keys):
        items = []
        for key in sorted(keys, key=int):
            value = node[key]
            if isinstance(value, dict) and value and all(k in FIXED_KEYS for k in value):
                continue
            remap[(prefix, len(items))] = key
            items.append(finalize(value, prefix + (key,), remap))
        return items
    return {key: finalize(value, prefix + (key,), remap) for key, value in node.items()}


def original_name(path, remap):
    """The form name of an API path, list indexes mapped back to the rows typed in."""
    done = []
    for segment in segments_of(path):
        if segment.isdigit():
            segment = remap.get((tuple(done), int(segment)), segment)
        done.append(segment)
    return "-".join(done)


def data_set(assignments):
    """The ``data-set`` attribute of a choice: JSON of API path -> value."""
    return json.dumps(assignments, separators=(",", ":"))


def walk(form):
    """Yield every field of a form, FormFields and the fields inside them."""
    for field in form:
        yield field
        if isinstance(field, FormField):
            yield from walk(field.form)
