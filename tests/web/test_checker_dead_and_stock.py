"""The check pages' additions for RULES.md "Playing a deal": dead ranks ticked on the meld, initial-meld
and going-out pages (Modern American), and "the stock is empty" on the pile page, which then answers that
the player must take the pile. The answers are the engine's, as the API gives them."""

from urllib.parse import urlencode

import pytest

from ..helpers import parse

DEAD = "The kings are dead (a canasta of them is complete): nobody may meld them or add to them."
MUST = ("With the stock empty you must take the pile: its queen goes on your side's queens "
        "and the pile is not frozen for your side.")


def get(client, path, query):
    return client.get(f"/check/{path}?{urlencode(query, doseq=True)}")


@pytest.mark.parametrize("path, query, verdict, text", [
    pytest.param("meld", {"rules": "modern", "cards": "K K K", "dead_ranks": ["K"]}, "Not a legal meld", DEAD,
                 id="meld-page-dead-rank"),
    pytest.param("meld", {"rules": "modern", "cards": "K K K"}, "Legal meld", None, id="meld-page-live-rank"),
    pytest.param("meld", {"rules": "classic", "cards": "K K K", "dead_ranks": ["K"]}, "Legal meld", None,
                 id="meld-page-classic-ignores-dead-ranks"),
    pytest.param("initial-meld", {"rules": "modern", "total": 0, "cards": "K K K A A A", "dead_ranks": ["K"]},
                 "35 short", DEAD, id="initial-meld-page-dead-rank"),
    pytest.param("going-out", {"rules": "modern", "hand": "K K Q Q Q Q", "canastas": 2, "side_has_melded": "y",
                               "dead_ranks": ["K"]}, "Not yet", DEAD, id="going-out-page-dead-rank"),
    pytest.param("going-out", {"rules": "modern", "hand": "K Q Q Q Q", "canastas": 2, "side_has_melded": "y",
                               "dead_ranks": ["K"]}, "Yes", "discard the K", id="going-out-page-dead-rank-discarded"),
    pytest.param("pile", {"rules": "classic", "pile_top": "Q", "hand": "Q 5 9", "side_melds": "Q Q Q",
                          "side_has_melded": "y", "stock_empty": "y"}, "Yes, you must take it", MUST,
                 id="pile-page-empty-stock-must-take"),
    pytest.param("pile", {"rules": "classic", "pile_top": "Q", "hand": "Q 5 9", "side_melds": "Q Q Q",
                          "side_has_melded": "y"}, "Yes, take it", None, id="pile-page-stock-left-may-take"),
    pytest.param("pile", {"rules": "classic", "pile_top": "Q", "hand": "5 9", "stock_empty": "y",
                          "side_has_melded": "y"}, "No", "The stock is empty and you cannot take the pile: the deal ends.",
                 id="pile-page-empty-stock-deal-ends"),
])
def test_check_pages_answer_the_new_fields(client, path, query, verdict, text):
    response = get(client, path, query)
    assert response.status_code == 200
    page = parse(response.get_data(as_text=True))
    assert page.find(cls="verdict").text().strip() == verdict
    body = response.get_data(as_text=True).replace("&#39;", "'")
    if text is not None:
        assert text in body
    else:
        assert DEAD not in body and MUST not in body


@pytest.mark.parametrize("path, query", [
    pytest.param("meld", {"rules": "modern", "cards": "K K K", "dead_ranks": ["K", "Q"]}, id="meld-keeps-dead-ranks"),
    pytest.param("initial-meld", {"rules": "modern", "total": 0, "cards": "K K K", "dead_ranks": ["K", "Q"]},
                 id="initial-meld-keeps-dead-ranks"),
    pytest.param("going-out", {"rules": "modern", "hand": "K", "canastas": 0, "dead_ranks": ["K", "Q"]},
                 id="going-out-keeps-dead-ranks"),
])
def test_forms_keep_the_ticked_dead_ranks(client, path, query):
    page = parse(get(client, path, query).get_data(as_text=True))
    ticked = [box.attrs["value"] for box in page.find_all("input", name="dead_ranks") if "checked" in box.attrs]
    assert sorted(ticked) == ["K", "Q"]


def test_pile_form_keeps_stock_empty(client):
    query = {"rules": "classic", "pile_top": "Q", "hand": "Q 5 9", "stock_empty": "y"}
    page = parse(get(client, "pile", query).get_data(as_text=True))
    assert "checked" in page.find("input", name="stock_empty").attrs


def test_unknown_dead_rank_is_refused_beside_the_field(client):
    response = get(client, "meld", {"rules": "modern", "cards": "K K K", "dead_ranks": ["Z"]})
    assert response.status_code == 422
    page = parse(response.get_data(as_text=True))
    fieldset = page.find("input", name="dead_ranks").parent
    while fieldset.tag != "fieldset":
        fieldset = fieldset.parent
    assert [error.text() for error in fieldset.find_all(cls="error")] == ["'Z' is not a valid choice for this field."]
