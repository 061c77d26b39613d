"""A stored game, read and changed: the layer between the pages or the API and the store.

``read`` loads a game and scores it through ``canasta.scoring`` (with the cache of
scored games); ``write`` checks and applies every change (new game, hands, renames,
rematch, edit keys), scoring the game once per change; ``access`` decides who may
change a game (edit keys, this browser's session).
May import: ``scorekeeper.canasta``, ``scorekeeper.store``; never ``web``, ``api`` or ``printing``.
"""
