"""Every FlaskForm of the app, one module per area. Validators ask
``scorekeeper.canasta``; they never re-implement a rule."""
