"""Shared helpers: the repository's root and its `cescacs` command, to compare with."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def cli():
    """Runs the repository's `cescacs` command (CESCACS_CLI, else target/debug/cescacs)."""
    exe = pathlib.Path(os.environ.get("CESCACS_CLI", ROOT / "target" / "debug" / "cescacs"))
    if not exe.exists():
        pytest.fail(f"{exe} is missing: build it with `cargo build -p ctl-cli`")

    def run(*args, stdin=None):
        done = subprocess.run(
            [str(exe), *args], input=stdin, capture_output=True, text=True, check=False
        )
        return done.stdout

    return run
