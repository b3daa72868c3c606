"""The C'escacs notation toolkit: read, check, replay and write CTL-PGN games and PDTL positions."""

import os
from typing import IO, Dict, Iterator, List, Literal, Optional, Tuple, Union

__version__: str

Level = Literal["syntax", "coherence", "rules"]
PdtlDialect = Literal["spec", "app"]

class CescacsError(ValueError):
    """A text the toolkit cannot read: `diagnostics` say what and where."""

    diagnostics: List[Diagnostic]

class Diagnostic:
    """One problem found in a text."""

    @property
    def code(self) -> str: ...
    @property
    def severity(self) -> Literal["error", "warning"]: ...
    @property
    def message(self) -> str: ...
    @property
    def line(self) -> int:
        """1-based line."""
    @property
    def column(self) -> int:
        """1-based column, in characters."""
    @property
    def start(self) -> int:
        """Byte offset where the span starts."""
    @property
    def end(self) -> int:
        """Byte offset where the span ends."""
    @property
    def help(self) -> List[str]: ...
    @property
    def fixes(self) -> List[Tuple[int, int, str]]:
        """(start, end, replacement), byte offsets."""

class Position:
    """A C'escacs position. Equal positions compare equal and hash alike."""

    @staticmethod
    def initial() -> Position: ...
    @staticmethod
    def from_pdtl(text: str, dialect: PdtlDialect = "spec") -> Position:
        """Reads a PDTL string; raises CescacsError."""
    def pdtl(self, dialect: PdtlDialect = "spec") -> str: ...
    @property
    def turn(self) -> Literal["w", "b"]: ...
    def legal_moves(self) -> List[str]:
        """Every legal move in CTL-AN with its check mark, sorted."""
    def play(self, move: str) -> Position:
        """The position after a CTL-AN move; raises CescacsError."""
    def is_check(self) -> bool: ...
    def outcome(self) -> Optional[str]: ...
    def svg(self) -> str: ...
    def _repr_svg_(self) -> str: ...

class Game:
    """One game of a file, read only as far as it is used: `tags` and `positions()` need no
    syntax tree when the fast scanner reads the game whole (the common forms, no syntax
    error); `moves`, `variations`, `result`, `diagnostics` and `str()` build it, once."""

    @property
    def tags(self) -> Dict[str, str]: ...
    @property
    def moves(self) -> List[str]: ...
    @property
    def variations(self) -> List[List[str]]: ...
    @property
    def result(self) -> Optional[str]: ...
    @property
    def diagnostics(self) -> List[Diagnostic]: ...
    def positions(self) -> List[Position]: ...

class GameReader(Iterator[Game]):
    def __iter__(self) -> GameReader: ...
    def __next__(self) -> Game: ...

def check(text: str, level: Level = "rules") -> List[Diagnostic]: ...
def read_games(source: Union[str, "os.PathLike[str]", IO[str], IO[bytes]]) -> GameReader: ...
def format(text: str) -> str: ...
def from_app(text: str) -> str: ...
def to_app(text: str) -> str: ...
