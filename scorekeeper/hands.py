"""Starting a game and entering, editing, deleting and undoing its hands (being built)."""

from flask import Blueprint, abort

bp = Blueprint("hands", __name__)


@bp.route("/games/new", methods=["GET", "POST"])
def new_game():
    abort(404)


@bp.route("/games/<game_id>/hands/new", methods=["GET", "POST"])
def add(game_id):
    abort(404)


@bp.route("/games/<game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
def edit(game_id, number):
    abort(404)


@bp.route("/games/<game_id>/hands/<int:number>/delete", methods=["GET", "POST"])
def delete(game_id, number):
    abort(404)


@bp.post("/games/<game_id>/undo")
def undo(game_id):
    abort(404)
