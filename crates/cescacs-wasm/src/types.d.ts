/** A place in a text: 0-based line and column (in the unit of `positionEncoding`), LSP's `Position`. */
export interface TextPosition { line: number; character: number; }
/** An LSP range, end exclusive. */
export interface Range { start: TextPosition; end: TextPosition; }
/** Byte offsets `start..end` (UTF-8) into the text. */
export interface ByteSpan { start: number; end: number; }

/** One diagnostic: an LSP `Diagnostic`, exactly an entry of `cescacs check --format json`. */
export interface Diagnostic {
  range: Range;
  /** 1 error, 2 warning. */
  severity: 1 | 2;
  /** The stable code, e.g. `E0203` (docs/diagnostics/). */
  code: string;
  /** The layer that found it: `ctl-an`, `pdtl`, `ctl-pgn`, `rules`. */
  source: string;
  message: string;
  relatedInformation?: { location: { uri: string; range: Range }; message: string }[];
  data: {
    span: ByteSpan;
    /** 1-based game number. */
    game?: number;
    /** 1-based ply of that game. */
    ply?: number;
    labels: { span: ByteSpan; message: string; primary: boolean }[];
    help: string[];
    notes: string[];
    /** Machine-applicable fixes: replace the bytes of `span` with `replacement`. */
    fixes: { span: ByteSpan; replacement: string }[];
  };
}

export interface CheckOptions {
  /** Default `rules`. */
  level?: "syntax" | "coherence" | "rules";
  /** Unit of the columns; default `utf-16` (JavaScript's). */
  positionEncoding?: "utf-8" | "utf-16" | "utf-32";
  /** The text's URI in `relatedInformation`; default `untitled:text`. */
  uri?: string;
  /** Diagnostics given (0: all); default 100, as `cescacs check --max-errors`. */
  maxErrors?: number;
}
export interface CheckResult {
  diagnostics: Diagnostic[];
  summary: { games: number; plies: number; errors: number; warnings: number };
  /** Diagnostics left out by `maxErrors`. */
  omitted: number;
}

export interface FormatOptions {
  /** `*` for `×`, `...` for `…`. */
  ascii?: boolean;
  /** Diagnostics given when the text cannot be formatted (0: all); default 100, as `cescacs fmt`. */
  maxErrors?: number;
}

export interface PdtlOptions { from?: "spec" | "app"; to?: "spec" | "app"; }
export interface PdtlRead { spec: string | null; app: string | null; diagnostics: Diagnostic[]; }

export interface ReplayOptions { level?: "coherence" | "rules"; }
export interface PlyPlayed { number: string; move: string; pdtl: string; }
export interface LinePlayed {
  start: string;
  plies: PlyPlayed[];
  /** `replaces`: the index in `plies` of the ply the variation replaces. */
  variations: { replaces: number; line: LinePlayed | null }[];
  /** Why it stopped: a move read but not played (one that cannot be read is in the game's `diagnostics`). */
  error: Diagnostic | null;
}
/** One game replayed, or text around games that has errors (`game` null, given for them). */
export interface GameReplayed {
  /** The game's number in the text, from 1 (as `cescacs replay --game`); null around games. */
  game: number | null;
  tags: { name: string; value: string }[];
  /** null when the start position cannot be read (and around games). */
  main: LinePlayed | null;
  /** Every error `cescacs replay` reports for it (syntax, tags, setup, the move `main` stops at), sorted. */
  diagnostics: Diagnostic[];
}
/** What `replayGames` gives: the games, one at a time (`for (const game of replayGames(text))`). */
export interface GameReplays { [Symbol.iterator](): GameReplays; }

export interface FromApp { text: string | null; diagnostics: Diagnostic[]; }
export interface ToApp { game: number; text: string | null; dropped: string[]; diagnostics: Diagnostic[]; }

/** A legal move: what `moves(pdtl)` gives for each. */
export interface LegalMove {
  /** The origin hex, e.g. `E7` (the King's for a castling). */
  from: string;
  /** The destination hex (the King's for a castling; the origin for a promotion in place). */
  to: string;
  /** The moving piece's standard letter: `P` `E` `J` `N` `G` `R` `V` `D` `K`. */
  piece: string;
  /** The captured piece's letter, if any. */
  captured: string | null;
  /** The piece a Pawn becomes (`D`, `R`, ...), or `&` when it is left awaiting promotion. */
  promotion: string | null;
  /** The castling, e.g. `KRK-HIO`. */
  castling: string | null;
  /** The check the move gives; `#` for a mate. */
  check: "+^" | "+∞" | "++" | "#" | null;
  /** The canonical CTL-AN text, with its check mark, e.g. `GH6×RI3+^`. */
  text: string;
}

export interface AddMoveOptions {
  /** A UTF-8 byte offset of the text: the move is played at the position after the last move that starts at or before it (a viewer node's `at`). */
  at: number;
  /** The move in CTL-AN with the standard letters, e.g. a `LegalMove`'s `text`. */
  move: string;
}
export interface MoveAdded {
  /** The new text: the game played in rewritten canonically, the rest as it was. */
  text: string;
  /** Where the move starts in the new text (UTF-8 byte offset). */
  at: number;
  /** `line`: it continues its line; `variation`: a new variation; `game`: a new game's first move; `none`: it was there already. */
  added: "line" | "variation" | "game" | "none";
}

/** One game of a text, for a game picker. */
export interface GameEntry {
  /** Its number in the text, from 1. */
  game: number;
  /** Where its chunk of the text starts (UTF-8 byte offset): `viewer(text, { at: start })` shows it. */
  start: number;
  tags: { name: string; value: string }[];
}

export interface SvgOptions {
  flip?: boolean;
  pieces?: "discs" | "symbols";
  /** Origin and destination hexes, e.g. `["E7", "E13"]`. */
  lastMove?: [string, string];
  title?: string;
  from?: "spec" | "app";
}

/** A machine-applicable fix, as in a diagnostic's `data.fixes`. */
export interface Fix { span: ByteSpan; replacement: string; }

export interface ViewerOptions {
  /** A UTF-8 byte offset in the text: the games shown are those of the chunk holding it (default 0). */
  at?: number;
  /** The file's name, in the titles of games without players or title. */
  name?: string;
}
/**
 * A position the viewer shows: its URL fragment, the move that led there, its pieces (`HEX` and
 * letter, space separated), its PDTL, that move's origin and destination, the positions before
 * and next, the first positions of its variations, the line it branches from, its PDTL in the
 * app's dialect, the King in check.
 */
export type ViewerNode = [
  id: string, label: string, pieces: string, pdtl: string, from: string, to: string,
  prev: number | null, next: number | null, alts: number[], up: number | null,
  appPdtl: string, check: string | null,
];
/** A game's data for `CescacsViewer.mount`: its positions, its pieces' pictures (SVG by letter), where each position's move starts (UTF-8 byte offsets). */
export interface ViewerGame { nodes: ViewerNode[]; pieces: Record<string, string>; at?: number[]; }
/** The viewer of `cescacs html` for one chunk of a text (a `[Variant` tag to the next). */
export interface ViewerPage {
  /** Notes about the text around the games (HTML). */
  notes: string;
  /** The games' sections (HTML), to put beside `viewerBoard()`. */
  sections: string;
  /** Each game's positions, for `CescacsViewer.mount(root, games)` of `viewer.js`. A chunk without a game gives the start position, with no section: a board to play a first move on (`addMove` starts a game there). */
  games: ViewerGame[];
  /** UTF-8 byte offsets of the chunk shown. */
  start: number;
  end: number;
  /** The number in the text of its first game (from 1). */
  firstGame: number;
}

/** A player's line in a crosstable (`cescacs standings --format json`). */
export interface PlayerStanding {
  rank: number;
  name: string;
  games: number;
  points: number;
  wins: number;
  draws: number;
  losses: number;
  unfinished: number;
  buchholz: number;
  sonneborn_berger: number;
  /** Every game, in the order read: `points` is `null` for one that scored nothing. */
  encounters: { opponent: string; colour: "white" | "black"; points: number | null }[];
}
/** The crosstable of one event (or of every game with `oneTable`). */
export interface EventStandings {
  event: string | null;
  games: number;
  unfinished: number;
  all_play_all: boolean;
  players: PlayerStanding[];
}
/** What `standings(text)` gives: `cescacs standings --format json`'s value. */
export interface Standings { events: EventStandings[]; }
export interface StandingsOptions {
  /** One table of every game, whatever its `Event` tag (`--one-table`). */
  oneTable?: boolean;
}

/** A move of the opening tree, with the moves after it. */
export interface TreeMove {
  move: string;
  side: "white" | "black";
  games: number;
  /** Games with a result (unfinished ones have no points). */
  scored: number;
  /** Points taken by the side that played it (3 a win, 2 a stalemate, 1 a draw). */
  points: number;
  /** Mean points per scored game, `null` when none is scored. */
  score: number | null;
  /** Its share of the games of the position it was played from. */
  share: number;
  moves: TreeMove[];
}
/** What `tree(text)` gives: `cescacs tree --format json`'s value. */
export interface OpeningTree { position: string; games: number; moves: TreeMove[]; }
export interface TreeOptions {
  /** The position the tree starts from: a PDTL, or `start` (the default). */
  from?: string;
  /** How many plies deep (1 to 1000; default 1). */
  depth?: number;
}
