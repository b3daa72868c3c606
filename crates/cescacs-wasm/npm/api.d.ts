
/** A colour's name. */
export type Colour = "white" | "black";

/** A legal move of a position: where it goes, what it does, its canonical CTL-AN text. */
export type Move = LegalMove;

/** How a game has ended. */
export interface Outcome {
  termination: "checkmate" | "stalemate" | "move exhaustion" | "insufficient material" | "repetition";
  /** Mate and stalemate are wins in C'escacs; `null` for a draw. */
  winner: Colour | null;
  /** The result it writes: `3-0`, `2-1`, `1-1`, `1-2`, `0-3`. */
  result: string;
}

/** A piece standing on a hex. */
export interface PieceOn {
  colour: Colour;
  /** Its standard letter, upper case: `P` `E` `J` `N` `G` `R` `V` `D` `K`. */
  piece: string;
}

/**
 * What the package's functions throw: `code` is `invalid-options`, `invalid-input`,
 * `syntax-errors`, `too-large`, `no-position`, `cannot-edit`, or a diagnostic code (`E0507`: a
 * check mark the move does not earn, the message naming the right one).
 */
export declare class CescacsError extends Error {
  constructor(message: string, code?: string, diagnostics?: Diagnostic[]);
  readonly code: string;
  readonly diagnostics: Diagnostic[];
}

/** One position (a PDTL), immutable: playing a move gives a new one. */
export declare class Position {
  private constructor();
  /** The initial position. */
  static initial(): Position;
  /** A position from its PDTL (spec dialect) or `start`; throws the reader's first error. */
  static fromPdtl(text: string): Position;
  /** Its canonical PDTL. */
  pdtl(): string;
  /** The side to move. */
  readonly turn: Colour;
  /** Whether the side to move is in check. */
  isCheck(): boolean;
  /** How the game has ended here (mate, stalemate, an automatic draw), or `null`. */
  outcome(): Outcome | null;
  isGameOver(): boolean;
  /** Every legal move, sorted by text: as many as `cescacs legal` lists. */
  legalMoves(): Move[];
  /** The piece on a hex (`E7`), or `null`. */
  pieceAt(hex: string): PieceOn | null;
  /** The position after a move (or its CTL-AN text); throws a `CescacsError` when it is not legal or its check mark is wrong. */
  play(move: Move | string): Position;
  /** The move a CTL-AN text names here, its check mark verified. */
  move(text: string): Move;
  equals(other: unknown): boolean;
  toString(): string;
}

/** A game of a text, with the checker's diagnostics of its stretch of the text. */
export interface GameRead { readonly game: Game; readonly diagnostics: Diagnostic[]; }

/** The options of `Node.play` and `Node.addVariation`. */
export interface PlayOptions {
  /** Keep the text as written, marks included, legal or not (a fragment, a move the checker refuses). */
  asWritten?: boolean;
  /** `addVariation`: the side whose move the variation replaces (default the node's). */
  side?: Colour;
}

/** The annotations `Node.annotate` sets: each one given is set (`null` or `""` clears a mark). */
export interface Annotation {
  checkMark?: "+" | "+^" | "+∞" | "++" | "#" | "" | null;
  rating?: string | null;
  nags?: number[];
  drawOffer?: boolean;
  /** The `:` that marks the last move. */
  isEnd?: boolean;
  /** The number written for the node's pair, `N.` (or `N?` with `unknown`). */
  number?: number;
  unknown?: boolean;
  /** The side the move is written for, when it is not the side to move. */
  side?: Colour;
  /** Black's move written in a pair of its own, `N. …, MOVE`. */
  split?: boolean;
}

/** A variation written after a pair. */
export interface VariationInfo {
  readonly index: number;
  /** Its first ply; `null` for a variation without moves. */
  readonly first: Node | null;
  readonly replaces: Colour | null;
  /** Its label `$[n]`. */
  readonly label: number | null;
  /** The comments before its first pair. */
  readonly comments: string[];
}

/** A numbered pair of moves, with what is written after it. */
export interface PairInfo {
  readonly first: Node;
  readonly white: Node | null;
  readonly black: Node | null;
  readonly number: number;
  /** Written `N?`: the real number is unknown. */
  readonly unknown: boolean;
  /** The comments after it, their text between the braces. */
  readonly comments: string[];
  readonly variations: VariationInfo[];
}

/** A node's plain values, as `Node.data()` gives them. */
export interface NodeData {
  id: number;
  parent: number | null;
  next: number | null;
  alternatives: number[];
  side: Colour | null;
  text: string | null;
  written: string | null;
  move: Move | null;
  error: { code: string; message: string } | null;
  mark: string | null;
  rating: string | null;
  nags: number[];
  offer: boolean;
  end: boolean;
  pair: number | null;
  main: boolean;
}

/** A game: tags, a tree of moves with annotations and variations, a result. */
export declare class Game {
  /** A new game (`[Variant "C'escacs"]`) from the initial position, or from a position (a `PDTL` tag). */
  constructor(start?: Position | string);
  /** Every game of a text, each with its diagnostics (`cescacs check`'s, all of them). */
  static read(text: string): GameRead[];
  readonly tags: { readonly name: string; readonly value: string }[];
  tag(name: string): string | null;
  setTag(name: string, value: string): void;
  pushTag(name: string, value: string): void;
  removeTags(name: string): number;
  /** The start position, before the first move. */
  readonly root: Node;
  mainLine(): Node[];
  node(id: number): Node | null;
  /** The start position, `null` when it is not known. */
  start(): Position | null;
  /** The result written (`3-0`, `1-1`, `*`...); set `null` for none. */
  result: string | null;
  comments(where: "opening" | "closing"): string[];
  setComments(where: "opening" | "closing", texts: Iterable<string>): void;
  clone(): Game;
  /** The game as `cescacs fmt` writes it. */
  toString(options?: { ascii?: boolean }): string;
}

/** A node of a game: the root, or a ply. A view: it reads its game each time. */
export declare class Node {
  private constructor();
  readonly id: number;
  readonly game: Game;
  isRoot(): boolean;
  readonly parent: Node | null;
  readonly next: Node | null;
  /** The next ply of its line first, then the first plies of the variations from it. */
  readonly variations: Node[];
  readonly alternatives: Node[];
  mainLine(): Node[];
  isMainLine(): boolean;
  data(): NodeData;
  /** The legal move it plays, `null` when its position is not known or the move is not legal there. */
  readonly move: Move | null;
  /** The ply as written, marks included; `null` for the root. */
  readonly text: string | null;
  /** The move as written without its marks. */
  readonly written: string | null;
  readonly side: Colour | null;
  /** Why its move is not legal where its position is known. */
  readonly error: { code: string; message: string } | null;
  readonly checkMark: string | null;
  readonly rating: string | null;
  readonly nags: number[];
  readonly drawOffer: boolean;
  readonly isEnd: boolean;
  readonly pair: PairInfo | null;
  position(): Position | null;
  outcome(): Outcome | null;
  /** Plays a move after it: the next ply of its line, or a new variation where the line goes on. */
  play(move: Move | string, options?: PlayOptions): Node;
  /** Starts a variation after its pair, replacing `side`'s move. */
  addVariation(move: Move | string, options?: PlayOptions): Node;
  /** The node a variation after its pair, replacing `side`'s move, branches from (where its first move is played). */
  variationBranch(side?: Colour): Node;
  addEmptyVariation(): number;
  annotate(annotation: Annotation): void;
  /** The comments after its pair, or before the first pair of its pair's variation `variation`. */
  comments(variation?: number): string[];
  setComments(texts: Iterable<string>, variation?: number): void;
  setLabel(variation: number, label: number | null): void;
  remove(): void;
  promote(): void;
  equals(other: unknown): boolean;
  toString(): string;
}
