"""Shared helpers: the repository's root and its `cescacs` command, to compare with."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def executable():
    """The repository's `cescacs` command (CESCACS_CLI, else target/debug/cescacs)."""
    exe = pathlib.Path(os.environ.get("CESCACS_CLI", ROOT / "target" / "debug" / "cescacs"))
    if not exe.exists():
        pytest.fail(f"{exe} is missing: build it with `cargo build -p ctl-cli`")
    return exe


@pytest.fixture(scope="session")
def cli():
    """Runs the `cescacs` command; its standard output."""
    exe = executable()

    def run(*args, stdin=None):
        done = subprocess.run(
            [str(exe), *args], input=stdin, capture_output=True, text=True, check=False
        )
        return done.stdout

    return run


@pytest.fixture(scope="session")
def cli_run():
    """Runs the `cescacs` command; the finished process (status, standard output and error as
    text)."""
    exe = executable()

    def run(*args):
        return subprocess.run(
            [str(exe), *args], capture_output=True, text=True, errors="replace", check=False
        )

    return run
