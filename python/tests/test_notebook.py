"""What a notebook shows: a board with its last move marked, `cescacs.svg.board` with
python-chess's options, and a game in the package's own viewer."""

import html
import re

import pytest

import cescacs
import cescacs.svg
from conftest import ROOT


def test_a_board_shows_its_last_move():
    board = cescacs.Board()
    assert "last-move" not in board._repr_svg_()
    board.push_ctl("G7-G13")
    svg = board._repr_svg_()
    assert re.findall(r'class="last-move (\w+)" data-hex="(\w+)"', svg) == [("from", "G7"), ("to", "G13")]


def test_svg_board_takes_python_chess_options():
    board = cescacs.Board()
    m = board.push_ctl("G7-G13")
    plain = cescacs.svg.board(board)
    assert "last-move" not in plain and 'class="arrow"' not in plain
    drawn = cescacs.svg.board(board, flipped=True, lastmove=m, arrows=[m, ("G21", "G17")], size=300)
    assert re.findall(r'class="arrow" data-from="(\w+)" data-to="(\w+)"', drawn) == [
        ("G7", "G13"), ("G21", "G17")]
    assert drawn.count("last-move") == 2 and 'width="300"' in drawn
    assert drawn != cescacs.svg.board(board, lastmove=m, arrows=[m, ("G21", "G17")], size=300)
    assert cescacs.svg.board(board.position()) == plain
    assert "🩐" not in plain and cescacs.svg.board(board, pieces="symbols") != plain
    with pytest.raises(ValueError):
        cescacs.svg.board(board, arrows=[("G7", "Q99")])
    with pytest.raises(TypeError):
        cescacs.svg.board("G7")


def test_a_game_shows_in_the_viewer():
    game = cescacs.read_game(ROOT / "corpus/valid/spec-fools-mate-variations-X01-V-en.ctl-pgn")
    shown = game._repr_html_()
    assert shown.startswith("<iframe srcdoc=") and 'sandbox="allow-scripts"' in shown
    page = html.unescape(re.search(r'srcdoc="([^"]*)"', shown).group(1))
    assert page.startswith("<!DOCTYPE html>") and "CescacsViewer" in page
    data = re.search(r'<script type="application/json" id="data">(.*?)</script>', page, re.S)
    assert data and "GL5-H6" in page
    # Self-contained: no file or address is fetched.
    assert not re.search(r'(src|href)="(?!#)', page)
