"""The pages: one blueprint per area, with the forms they read.

``pages`` (home), ``board`` (a game's scoreboard, view page, share page), ``hands``
(add, edit, delete and undo hands), ``settings`` (renames, rematch, edit
links, forget), ``new_game``, ``checker`` (the rules checks), ``sheets`` (the PDF
sheets), ``offline`` (the service worker and manifest, served from the root);
``helpers`` holds what several of them share; ``forms/`` the WTForms classes.
May import: everything below it (``canasta``, ``store``, ``games``, ``printing``) and
the root's plumbing (``errors``, ``security``, ``assets``); never ``api``.
"""
