"""A stored game, read and changed: the layer between the pages or the API and the store.

``read`` loads a game and scores it through ``canasta.scoring`` (with the cache of
scored games); ``write`` checks and applies every change (new game, hands, renames,
rematch, edit keys); ``access`` decides who may change a game (edit keys, this
browser's session); ``once`` makes a change happen at most once per one-time key.
May import: ``scorekeeper.canasta``, ``scorekeeper.store``; never ``web``, ``api`` or ``printing``.
"""
