"""The words left outside the catalogues, counted by the project's counters (issue 24), never to grow.

Each count is pinned at what is left now; the issue's aims are at most 20 sentence-like literals in
scorekeeper/, 10 template lines and 5 script sentences. Lower a pin when words are wrapped.
"""

from bench import js_sentences, sentences, template_words

SENTENCES_LEFT = 30  # aim: 20 (python bench/sentences.py --list says which)
TEMPLATE_LINES_LEFT = 2  # aim: 10 — a language's own name in the switcher, the brand in a sheet's keywords
SCRIPT_SENTENCES_LEFT = 0  # aim: 5 (python bench/js_sentences.py --list)


def test_sentence_like_literals_outside_gettext_do_not_grow():
    assert sum(sentences.count().values()) <= SENTENCES_LEFT


def test_template_lines_with_words_outside_trans_do_not_grow():
    found = [line for path in sorted(template_words.ROOT.rglob("*.html")) for line in template_words.lines(path)]
    assert len(found) <= TEMPLATE_LINES_LEFT, found


def test_script_sentences_do_not_grow():
    assert sum(js_sentences.count().values()) <= SCRIPT_SENTENCES_LEFT


def test_the_counters_see_what_they_count(tmp_path):
    """A counter that found nothing would pass every pin: each finds a sentence planted outside gettext."""
    (tmp_path / "words.py").write_text('MESSAGE = "This sentence is not wrapped."\nOK = _("This one is wrapped.")\n'
                                       'log.info("A line for the log only")\n')
    assert sum(sentences.count(tmp_path).values()) == 1
    (tmp_path / "page.html").write_text("<p>Words outside trans</p>\n<p>{% trans %}Words inside{% endtrans %}</p>\n")
    assert [number for number, _text in template_words.lines(tmp_path / "page.html")] == [1]
    (tmp_path / "page.js").write_text('// "Not this comment at all"\nvar a = "A sentence the script holds", b = /x y z/;\n'
                                      'var c = `Hello ${name}, how are you`;\n')
    assert [text for _line, text in js_sentences.literals(tmp_path / "page.js")] == [
        "A sentence the script holds", "Hello  , how are you"]
