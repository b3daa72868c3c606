"""The module gives what the `cescacs` command gives, both calling the toolkit's one core
(crates/cescacs-toolkit): the diagnostics of `check` (codes, lines, columns, spans, messages)
at every level, the text of `fmt` and its refusals, the positions and errors of `replay`, on
every file of corpus/ and on the broken texts of crates/cescacs-toolkit/tests/texts/ (prose
between games, a byte-order mark, invalid UTF-8, bytes that are no text, stray text, games
without tags, an empty file). The npm package is held to the same files in
crates/cescacs-wasm/tests/js/shells.test.mjs, the CLI to the core in
crates/ctl-cli/tests/toolkit_parity.rs."""

import json
import re

import pytest

import cescacs
from conftest import ROOT

FILES = sorted(
    p
    for d in ("corpus/valid", "corpus/invalid", "corpus/generated",
              "crates/cescacs-toolkit/tests/texts")
    for p in (ROOT / d).glob("*.ctl-pgn")
)
LEVELS = ("syntax", "coherence", "rules")


def test_the_files_hold_the_broken_texts():
    names = {p.name for p in FILES}
    assert {"prose-between-games.ctl-pgn", "invalid-utf8.ctl-pgn", "not-text.ctl-pgn"} <= names
    assert len(FILES) > 60


@pytest.mark.parametrize("level", LEVELS)
def test_check_gives_the_cli_diagnostics(level, cli_run):
    args = ["check", "--format", "json", "--position-encoding", "utf-32", "--max-errors", "0",
            "--level", level]
    document = json.loads(cli_run(*args, *map(str, FILES)).stdout)
    compared = 0
    for path, file in zip(FILES, document["files"]):
        ours = [(d.code, d.severity, d.message, d.line, d.column, d.start, d.end, d.help)
                for d in cescacs.check(path.read_bytes(), level=level)]
        theirs = [(d["code"], "error" if d["severity"] == 1 else "warning", d["message"],
                   d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1,
                   d["data"]["span"]["start"], d["data"]["span"]["end"], d["data"]["help"])
                  for d in file["diagnostics"]]
        assert ours == theirs, path.name
        compared += len(theirs)
    assert compared > 50


def codes(text, pattern):
    return sorted(re.findall(pattern, text, re.MULTILINE))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_format_writes_and_refuses_as_fmt(path, cli_run):
    done = cli_run("fmt", "--stdout", "--max-errors", "0", str(path))
    if done.returncode == 0:
        assert cescacs.format(path.read_bytes()) == done.stdout
    else:
        with pytest.raises(cescacs.CescacsError) as refused:
            cescacs.format(path.read_bytes())
        theirs = codes(done.stderr, r": (?:error|warning)\[([EW]\d{4})\]")
        assert sorted(d.code for d in refused.value.diagnostics) == theirs


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_replay_gives_the_cli_positions_and_errors(path, cli_run):
    done = cli_run("replay", "--format", "jsonl", "--max-errors", "0", str(path))
    theirs = [(p["game"], p["pdtl"]) for p in map(json.loads, done.stdout.splitlines())]
    replayed = cescacs.replay(path.read_bytes())
    ours = [(g["game"], pdtl) for g in replayed if g["game"] and g["main"]
            for pdtl in [g["main"]["start"]] + [p["pdtl"] for p in g["main"]["plies"]]]
    assert ours == theirs
    found = sorted(d["code"] for g in replayed for d in g["diagnostics"])
    assert found == codes(done.stderr, r"^\[([EW]\d{4})\] (?:Error|Warning)")
    # The games read one at a time walk the same main lines (text around games is given for
    # its diagnostics, without a number).
    walked = [(g.number, p.pdtl()) for g in cescacs.read_games(path) if g.number
              for p in g.positions()]
    assert walked == theirs
