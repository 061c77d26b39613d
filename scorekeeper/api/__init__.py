"""The JSON API (docs/api.md): one blueprint per area.

``common`` reads bodies and answers errors, and serves ``/rules`` and ``/score``;
``games`` the games API (``edit_key`` adds its new-edit-key route), ``checks`` the
rules checks, ``play`` the referee of a deal;
``idempotency`` reads the ``Idempotency-Key`` header and seals the edit keys kept for repeats.
May import: everything below it (``canasta``, ``store``, ``games``) and the root's
plumbing (``errors``, ``security``); never ``web``.
"""
