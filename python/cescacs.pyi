"""The C'escacs notation toolkit: read, check, replay and write CTL-PGN games and PDTL positions."""

import os
from typing import IO, Any, Dict, Iterator, List, Literal, Optional, Tuple, TypedDict, Union

__version__: str

Level = Literal["syntax", "coherence", "rules"]
ReplayLevel = Literal["coherence", "rules"]
PdtlDialect = Literal["spec", "app"]
Text = Union[str, bytes]

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
        """Reads a PDTL string (or `start`); raises CescacsError."""
    def pdtl(self, dialect: PdtlDialect = "spec") -> str: ...
    @property
    def turn(self) -> Literal["w", "b"]: ...
    def legal_moves(self) -> List[str]:
        """Every legal move in CTL-AN with its check mark, sorted."""
    def play(self, move: str) -> Position:
        """The position after a CTL-AN move (a check mark written is verified); raises
        CescacsError."""
    def is_check(self) -> bool: ...
    def outcome(self) -> Optional[str]: ...
    def svg(self) -> str: ...
    def _repr_svg_(self) -> str: ...

class Game:
    """One game of a file, read only as far as it is used: `tags` and `positions()` need no
    syntax tree when the fast scanner reads the game whole (the common forms, no syntax
    error); `moves`, `variations`, `result`, `diagnostics` and `str()` build it, once."""

    @property
    def number(self) -> Optional[int]:
        """The game's number in its file, from 1; None for text around games."""
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

class PlyPlayed(TypedDict):
    number: str
    move: str
    pdtl: str

class Branch(TypedDict):
    replaces: int
    line: Optional["LinePlayed"]

class LinePlayed(TypedDict):
    start: str
    plies: List[PlyPlayed]
    variations: List[Branch]
    error: Optional[Dict[str, Any]]

class TagValue(TypedDict):
    name: str
    value: str

class GameReplayed(TypedDict):
    game: Optional[int]
    tags: List[TagValue]
    main: Optional[LinePlayed]
    diagnostics: List[Dict[str, Any]]
    """Entries of `cescacs check --format json --position-encoding utf-32`."""

def check(text: Text, level: Level = "rules") -> List[Diagnostic]: ...
def read_games(source: Union[str, "os.PathLike[str]", IO[str], IO[bytes]]) -> GameReader: ...
def format(text: Text) -> str: ...
def replay(text: Text, level: ReplayLevel = "rules") -> List[GameReplayed]: ...
def from_app(text: str) -> str: ...
def to_app(text: str) -> str: ...
