"""`standings` and `tree` give what `cescacs standings --format json` and `cescacs tree
--format json` give (issue 43), both from the toolkit's one core, on corpus/ files one by one
and on all of them together."""

import json

import pytest

import cescacs
from conftest import ROOT

FILES = sorted(
    p for d in ("corpus/valid", "corpus/invalid", "corpus/generated")
    for p in (ROOT / d).glob("*.ctl-pgn")
)
AFTER_E7_E13 = cescacs.Board()
AFTER_E7_E13.push_ctl("E7-E13")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_standings_and_tree_of_a_file_are_the_cli_ones(path, cli):
    text = path.read_bytes()
    assert cescacs.standings(text) == json.loads(cli("standings", "--format", "json", str(path)))
    assert cescacs.tree(text, depth=3) == json.loads(
        cli("tree", "--format", "json", "--depth", "3", str(path)))


def test_a_collection_summed_up_as_the_cli_does(cli):
    paths = [str(p) for p in FILES]
    text = "".join(p.read_text(encoding="utf-8", errors="replace") + "\n" for p in FILES)
    for one_table in (False, True):
        args = ["--one-table"] if one_table else []
        theirs = json.loads(cli("standings", "--format", "json", *args, *paths))
        assert cescacs.standings(text, one_table=one_table) == theirs
    assert sum(e["games"] for e in theirs["events"]) > 50
    pdtl = AFTER_E7_E13.pdtl()
    theirs = json.loads(cli("tree", "--format", "json", "--depth", "4", "--from", pdtl, *paths))
    assert cescacs.tree(text, start=pdtl, depth=4) == theirs
    assert theirs["games"] > 0
    start = cescacs.tree(text, depth=1)
    # A game without moves reaches the start but plays no move from it.
    assert start["games"] > 50 and 0 < sum(m["games"] for m in start["moves"]) <= start["games"]


def test_a_start_that_is_no_position_raises():
    with pytest.raises(cescacs.CescacsError):
        cescacs.tree("", start="/1:K/ x")
