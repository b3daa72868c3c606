"""The wheel installs in a fresh virtual environment with no Rust toolchain on PATH, and the
examples run from it (issue 41). CESCACS_WHEEL names the wheel: `.ci/run` builds one with
`cargo xtask wheel --profile dev` (the release wheel's packaging, over the build the tests
already made: a release build would add minutes to CI), and `cargo xtask wheel` builds the
release one of `target/dist/`, which this test takes as well. Without CESCACS_WHEEL the test is
skipped, except in CI."""

import importlib.util
import os
import pathlib
import subprocess
import sys

import pytest

from conftest import ROOT

FILES = [ROOT / "corpus/valid/spec-fools-mate-variations-X01-V-en.ctl-pgn",
         ROOT / "corpus/valid/edge-castling-and-leap.ctl-pgn"]


def wheel():
    named = os.environ.get("CESCACS_WHEEL")
    if not named:
        if os.environ.get("CI"):
            pytest.fail("CESCACS_WHEEL is not set: .ci/run builds the wheel and names it")
        pytest.skip("CESCACS_WHEEL is not set")
    return pathlib.Path(named)


def test_the_wheel_installs_and_runs_the_examples_without_rust(tmp_path, cli_run):
    path = wheel()
    assert "-cp39-abi3-" in path.name, path.name
    venv = tmp_path / "venv"
    # The environment without pip of its own (ensurepip is slow): this interpreter's pip
    # installs the wheel into it, under the same bare PATH.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    # Nothing but the environment's own programs: no cargo, no rustc, no compiler.
    env = {"PATH": str(venv / "bin"), "HOME": str(tmp_path), "PIP_NO_CACHE_DIR": "1",
           "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    python = str(venv / "bin" / "python")

    def run(*args):
        return subprocess.run([python, *args], env=env, cwd=tmp_path, capture_output=True,
                              text=True, check=False)

    # `--target`, not `--prefix`: pip would take the module out of this environment first.
    site = run("-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").stdout.strip()
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--no-index", "--no-deps",
                           "--target", site, str(path)], env=env, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    done = run("-c", "import shutil, cescacs; print(shutil.which('cargo'), shutil.which('rustc'), "
               "cescacs.__file__.startswith(" + repr(site) + "))")
    assert done.stdout.split() == ["None", "None", "True"], done.stderr
    assert importlib.util.find_spec("cescacs") is not None  # this environment keeps its own
    for file in FILES:
        done = run(str(ROOT / "python/examples/rebuild.py"), str(file))
        assert done.returncode == 0, done.stderr
        assert done.stdout == cli_run("fmt", "--stdout", str(file)).stdout
    done = run("-c", "import cescacs, cescacs.svg; b = cescacs.Board(); m = b.push_ctl('G7-G13'); "
               "print(len(b.legal_moves), cescacs.svg.board(b, lastmove=m).count('last-move'))")
    assert done.stdout.split() == ["68", "2"], done.stderr
