"""The JSON API (docs/api.md): one blueprint per area.

``common`` reads bodies and answers errors, and serves ``/rules`` and ``/score``;
``games`` the games API, ``edit_key`` new edit keys, ``checks`` the rules checks;
``idempotency`` the ``Idempotency-Key`` header and the first answers kept for repeats.
May import: everything below it (``canasta``, ``store``, ``games``) and the root's
plumbing (``errors``, ``security``); never ``web``.
"""
