"""python/examples/rebuild.py builds every game of a file anew through the module's API alone
and prints exactly what `cescacs fmt --stdout FILE` prints (issue 41's acceptance), on every
file of corpus/ and on the toolkit's broken texts."""

import importlib.util
import subprocess
import sys

import pytest

import cescacs
from conftest import ROOT

EXAMPLE = ROOT / "python" / "examples" / "rebuild.py"
FILES = sorted(
    p
    for d in ("corpus/valid", "corpus/invalid", "corpus/generated",
              "crates/cescacs-toolkit/tests/texts")
    for p in (ROOT / d).glob("*.ctl-pgn")
)


def load_example():
    spec = importlib.util.spec_from_file_location("rebuild", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


REBUILD = load_example()


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_file_is_rebuilt_as_fmt_writes_it(path, cli_run):
    done = cli_run("fmt", "--stdout", "--max-errors", "0", str(path))
    if done.returncode != 0:
        # fmt refuses the file: so does the example (its main), and the module's `format`.
        with pytest.raises(cescacs.CescacsError):
            cescacs.format(path.read_bytes())
        return
    text, _ = REBUILD.rebuild_file(path)
    assert text == done.stdout


def test_moves_are_chosen_among_the_legal_ones():
    """A valid file needs no move added as written; the invalid ones do, and say it."""
    _, notes = REBUILD.rebuild_file(ROOT / "corpus/valid/spec-fools-mate-variations-X01-V-en.ctl-pgn")
    assert notes == []
    all_notes = [n for p in FILES if "invalid" in str(p) and writable(p)
                 for n in REBUILD.rebuild_file(p)[1]]
    assert len(all_notes) > 5 and all("added as written" in n for n in all_notes)


def writable(path):
    try:
        cescacs.format(path.read_bytes())
        return True
    except cescacs.CescacsError:
        return False


def test_the_script_prints_fmt_text_and_refuses_as_fmt(cli_run, tmp_path):
    path = ROOT / "corpus/valid/spec-fools-mate-variations-X01-V-en.ctl-pgn"
    done = subprocess.run([sys.executable, str(EXAMPLE), str(path)], capture_output=True,
                          text=True, check=False)
    assert (done.returncode, done.stdout) == (0, cli_run("fmt", "--stdout", str(path)).stdout)
    broken = tmp_path / "broken.ctl-pgn"
    broken.write_text('[Variant "C\'escacs"]\n1. E7-E13, {unclosed\n')
    done = subprocess.run([sys.executable, str(EXAMPLE), str(broken)], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 1 and done.stdout == "" and "error: [E" in done.stderr
