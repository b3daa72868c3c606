"""The `cescacs` module against the `cescacs` command, on the repository's corpus."""

import doctest
import importlib.util
import os
import subprocess
import sys
import io
import json
import random
import re

import pytest

import cescacs
from conftest import ROOT

CORPUS = sorted(
    p for d in ("valid", "invalid", "generated") for p in (ROOT / "corpus" / d).glob("*.ctl-pgn")
)


def test_the_initial_position():
    p = cescacs.Position.initial()
    assert p.pdtl().endswith(" w RKRrkr - 0 1")
    assert cescacs.Position.from_pdtl(p.pdtl()) == p
    assert p.turn == "w" and not p.is_check() and p.outcome() is None
    assert len(p.legal_moves()) == 68


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_every_corpus_file_checks_as_the_cli(path, cli):
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        pytest.skip("not UTF-8: the module's check takes str")
    ours = [(d.code, d.line, d.column, d.start, d.end) for d in cescacs.check(text)]
    lines = cli("check", "--format", "jsonl", "--position-encoding", "utf-32",
                "--max-errors", "0", str(path)).splitlines()
    theirs = []
    for line in lines:
        if not line.startswith("{"):
            continue
        d = json.loads(line)
        start = d["range"]["start"]
        span = d["data"]["span"]
        theirs.append((d["code"], start["line"] + 1, start["character"] + 1,
                       span["start"], span["end"]))
    assert ours == theirs


@pytest.mark.parametrize("path", sorted((ROOT / "corpus" / "generated").glob("*.ctl-pgn")),
                         ids=lambda p: p.name)
def test_positions_of_generated_games_equal_replay(path, cli):
    games = list(cescacs.read_games(path))
    assert len(games) == 1
    ours = [p.pdtl() for p in games[0].positions()]
    assert ours == cli("replay", str(path)).splitlines()
    assert len(ours) == len(games[0].moves) + 1
    # And the legal moves of a few of its positions equal `cescacs legal`.
    for p in games[0].positions()[::17]:
        assert p.legal_moves() == cli("legal", p.pdtl()).splitlines()


def cli_diagnostics(cli, path):
    """`cescacs check`'s diagnostics of a file: (code, line, column, start, end)."""
    lines = cli("check", "--format", "jsonl", "--position-encoding", "utf-32",
                "--max-errors", "0", str(path)).splitlines()
    out = []
    for line in lines:
        if line.startswith("{"):
            d = json.loads(line)
            start, span = d["range"]["start"], d["data"]["span"]
            out.append((d["code"], start["line"] + 1, start["character"] + 1,
                        span["start"], span["end"]))
    return out


def walked(path):
    """Each game of a file as `read_games` gives it, positions first (replayed from the
    scanner's events when it reads the game whole), then what needs the tree; and the same
    games with the tree built first (positions replayed from it)."""
    def seen(ds):
        return [(d.code, d.line, d.column, d.start, d.end, d.message) for d in ds]

    fast = [([p.pdtl() for p in g.positions()], seen(g.diagnostics), str(g))
            for g in cescacs.read_games(path)]
    full = []
    for g in cescacs.read_games(path):
        text, diagnostics = str(g), seen(g.diagnostics)
        full.append(([p.pdtl() for p in g.positions()], diagnostics, text))
    return fast, full


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_positions_without_a_tree_equal_those_from_the_tree(path, cli):
    fast, full = walked(path)
    assert fast == full
    # The games' diagnostics, all together, are the file's.
    ours = sorted(d[:5] for _, ds, _ in fast for d in ds)
    assert ours == sorted(cli_diagnostics(cli, path))


def test_positions_without_a_tree_hold_on_broken_games(tmp_path, cli):
    # Errors in the middle of games (edits of generated and corpus games), some games split or
    # merged by them: the games read without a tree and with one agree, and with the CLI.
    rng = random.Random(33)
    sources = sorted((ROOT / "corpus" / "generated").glob("*.ctl-pgn"))[:6] + [
        ROOT / "corpus" / "valid" / "edge-deep-variations-and-references.ctl-pgn",
        ROOT / "corpus" / "valid" / "edge-pdtl-starts.ctl-pgn",
    ]
    edits = ["", "x", "G7", "-", "(", ")", "{", "}", "[", "]", "+", "#", ":", "1.", "…", "\n"]
    for n in range(40):
        text = rng.choice(sources).read_text(encoding="utf-8")
        for _ in range(rng.randrange(1, 4)):
            at = rng.randrange(len(text))
            cut = rng.randrange(0, 4)
            text = text[:at] + rng.choice(edits) + text[at + cut:]
        path = tmp_path / f"broken-{n}.ctl-pgn"
        path.write_text(text + rng.choice(sources).read_text(encoding="utf-8"), encoding="utf-8")
        fast, full = walked(path)
        assert fast == full, text
        ours = sorted(d[:5] for _, ds, _ in fast for d in ds)
        assert ours == sorted(cli_diagnostics(cli, path)), text


def test_a_game_read_from_a_file_object():
    text = ('[Variant "C\'escacs"]\n[White "Puig"]\n[Black "Vidal"]\n\n'
            "1. G7-G13, F20-F16 (1. …, G21-G17)\n2. F8-F12, G21-G17 :\n*\n")
    for f in (io.StringIO(text), io.BytesIO(text.encode())):
        (game,) = list(cescacs.read_games(f))
        assert game.tags == {"Variant": "C'escacs", "White": "Puig", "Black": "Vidal"}
        assert list(game.tags) == ["Variant", "White", "Black"]
        assert game.moves == ["G7-G13", "F20-F16", "F8-F12", "G21-G17"]
        # The tree: after White's first move, Black's F20-F16, then the variation G21-G17.
        assert [n.ctl() for n in game.variations[0].variations] == ["F20-F16", "G21-G17"]
        assert game.result == "*"
        assert game.diagnostics == []
        assert len(game.positions()) == 5
        assert str(game) == cescacs.format(text)


def test_errors_carry_their_diagnostics():
    with pytest.raises(cescacs.CescacsError) as e:
        cescacs.Position.from_pdtl("/27:kk/1:1K/ w -- - 0 1")
    assert [d.code for d in e.value.diagnostics] == ["E0110"]
    assert isinstance(e.value, ValueError)
    with pytest.raises(cescacs.CescacsError) as e:
        cescacs.Position.initial().play("G7-G15")
    assert e.value.diagnostics[0].code == "E0501"
    with pytest.raises(cescacs.CescacsError) as e:
        cescacs.Position.initial().play("G7xG13")
    assert e.value.diagnostics[0].code.startswith("E02")
    found = cescacs.check('[Variant "C\'escacs"]\n1. G7-G15: *\n')
    assert [(d.code, d.severity, d.line) for d in found] == [("E0501", "error", 2)]
    with pytest.raises(ValueError):
        cescacs.check("", level="deep")


def test_the_app_dialect_both_ways():
    app = "/27:1k/25:r3/3:R3/1:1K/ w KR - 0 -"
    p = cescacs.Position.from_pdtl(app, dialect="app")
    assert p.pdtl() == "/27:1k/25:r3/3:R3/1:1K/ w RK- - 0 ?"
    assert p.pdtl(dialect="app") == "/27:1k/25:r3/3:R3/1:1K/ w RK - 0 -"
    game = cescacs.from_app(app + "\n1. RC3-C13, KG27-F26\n")
    assert '[PDTL "/27:1k/25:r3/3:R3/1:1K/ w RK- - 0 ?"]' in game
    assert cescacs.to_app(game) == "/27:1k/25:r3/3:R3/1:1K/ w RK - 0 -\n1? RC3-C13, KG27-F26\n"


def test_a_notebook_shows_the_board():
    svg = cescacs.Position.initial()._repr_svg_()
    assert svg.startswith("<svg") and svg.count('<polygon class="hex') == 169


def test_hostile_inputs_raise_never_crash():
    rng = random.Random(2026)
    alphabet = '/0123456789:kKpPrRdDvVjJnNeEgG wb-?@[],.×*+#^∞=&"\n{}()!?$;%\x00\udcff'
    for _ in range(300):
        s = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 80)))
        s = s.encode("utf-8", "replace").decode("utf-8")
        for call in (lambda: cescacs.Position.from_pdtl(s),
                     lambda: cescacs.Position.from_pdtl(s, dialect="app"),
                     lambda: cescacs.Position.initial().play(s),
                     lambda: cescacs.format(s), lambda: cescacs.from_app(s),
                     lambda: cescacs.to_app(s)):
            try:
                call()
            except cescacs.CescacsError as e:
                assert e.diagnostics, s
        cescacs.check(s)
        for g in cescacs.read_games(io.BytesIO(s.encode() + bytes([rng.randrange(256)]))):
            g.positions(), str(g), g.diagnostics


def test_the_docs_examples_run():
    failures, tried = doctest.testfile(str(ROOT / "docs" / "PYTHON.md"), module_relative=False)
    assert tried > 5 and failures == 0


def test_the_stub_names_every_public_name_and_member():
    stub = (ROOT / "python" / "cescacs.pyi").read_text(encoding="utf-8")
    public = [n for n in dir(cescacs) if not n.startswith("_") and n != "cescacs"]
    for cls in (cescacs.Position, cescacs.Game, cescacs.Diagnostic, cescacs.Board, cescacs.Move,
                cescacs.Outcome, cescacs.GameNode, cescacs.Tags, cescacs.PairVariation):
        public += [m for m in dir(cls) if not m.startswith("__")]
    declared = set(re.findall(r"^\s*(?:def |class )?(\w+)", stub, re.MULTILINE))
    assert [n for n in public if n not in declared] == []


def test_stubtest_finds_the_stub_complete():
    """mypy's stubtest holds the stub to the module: every name, signature and class shape.
    CI installs mypy in the test environment; elsewhere the test is skipped without it."""
    if importlib.util.find_spec("mypy") is None:
        if os.environ.get("CI"):
            pytest.fail("mypy is not installed: CI installs it (`pip install ./python pytest mypy`)")
        pytest.skip("mypy is not installed")
    env = dict(os.environ, MYPYPATH=str(ROOT / "python"))
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "cescacs",
         "--allowlist", str(ROOT / "python" / "stubtest-allowlist.txt")],
        capture_output=True, text=True, env=env, cwd=ROOT / "python", check=False)
    assert done.returncode == 0, done.stdout + done.stderr
