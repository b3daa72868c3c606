// The package's classes: `Position`, `Game`, `Node` and `CescacsError`, around the module's
// functions (`wasm`: the module's exports, ES or CommonJS). They hold no rule of their own: a
// position is its PDTL, a game the module's game model, a node a game and a number; every
// question is the module's (crates/cescacs-toolkit, the core every shell calls).
// `cargo xtask npm` writes this factory into `api.js` (ES) and `index.cjs` (CommonJS).
export function api(wasm) {
  /**
   * What every function of the package throws: `code` says what kind of refusal
   * (`invalid-input`, `no-position`, a diagnostic code such as `E0507`...), `diagnostics` what
   * is behind it. The module's errors are known by their name, whichever copy of the package
   * (ES or CommonJS) threw them.
   */
  class CescacsError extends Error {
    constructor(message, code = 'invalid-input', diagnostics = []) {
      super(message);
      this.name = 'CescacsError';
      this.code = code;
      this.diagnostics = diagnostics;
    }

    static [Symbol.hasInstance](value) {
      return value instanceof Error && value.name === 'CescacsError' && typeof value.code === 'string';
    }
  }

  const frozen = (value) => Object.freeze(value);
  const moveText = (move) => {
    if (typeof move === 'string') return move;
    if (move && typeof move.text === 'string') return move.text;
    throw new CescacsError('expected a move: its CTL-AN text or a Move');
  };

  /** One position (a PDTL), immutable: every move played gives a new one. */
  class Position {
    #data;

    /** Use `Position.initial()` or `Position.fromPdtl(text)`. */
    constructor(data) {
      if (!data || typeof data.pdtl !== 'string') {
        throw new CescacsError('use Position.initial() or Position.fromPdtl(text)');
      }
      this.#data = frozen(data);
    }

    /** The initial position. */
    static initial() {
      return Position.fromPdtl('start');
    }

    /** A position from its PDTL (spec dialect), or `start`; throws the reader's first error. */
    static fromPdtl(text) {
      return new Position(wasm._positionOf(text));
    }

    /** Its canonical PDTL. */
    pdtl() {
      return this.#data.pdtl;
    }

    /** The side to move: `white` or `black`. */
    get turn() {
      return this.#data.turn;
    }

    /** Whether the side to move is in check. */
    isCheck() {
      return this.#data.check;
    }

    /** How the game has ended here (mate, stalemate, an automatic draw), or null. */
    outcome() {
      return this.#data.outcome;
    }

    /** Whether the game has ended here. */
    isGameOver() {
      return this.#data.outcome !== null;
    }

    /** Every legal move, sorted by text (as many as `cescacs legal` lists). */
    legalMoves() {
      return wasm.moves(this.#data.pdtl).map(frozen);
    }

    /** The piece on a hex (`E7`), or null. */
    pieceAt(hex) {
      return wasm._pieceAt(this.#data.pdtl, hex);
    }

    /**
     * The position after a move (a `Move`, or its CTL-AN text): throws a `CescacsError` when it
     * is not legal, or when its check mark is not the one it earns (`E0507`, naming it).
     */
    play(move) {
      return new Position(wasm._play(this.#data.pdtl, moveText(move)).position);
    }

    /** The move that a CTL-AN text names here, its check mark verified (throws as `play`). */
    move(text) {
      return frozen(wasm._play(this.#data.pdtl, moveText(text)).move);
    }

    /** Whether both are the same PDTL. */
    equals(other) {
      return other instanceof Position && other.pdtl() === this.#data.pdtl;
    }

    toString() {
      return this.#data.pdtl;
    }
  }

  const models = new WeakMap();
  const FROM_MODEL = Symbol('a game made from the module\'s');
  const modelOf = (game) => models.get(game);
  const nodeOf = (game, id) => (id === null || id === undefined ? null : new Node(game, id));
  const place = (where) => {
    if (where === 'opening' || where === 'closing') return { at: where };
    throw new CescacsError(`expected "opening" or "closing", found ${JSON.stringify(where)}`, 'invalid-options');
  };

  /**
   * A game of the game model: tags, a tree of moves with annotations and variations, a
   * result. `toString()` writes it as `cescacs fmt` does.
   */
  class Game {
    /** A new game from the initial position, or from a `Position` (or PDTL), with a `PDTL` tag. */
    constructor(start) {
      const pdtl = start instanceof Position ? start.pdtl() : start;
      models.set(this, pdtl === FROM_MODEL ? null : new wasm._GameModel(pdtl ?? undefined));
    }

    /** Every game of a text, each with the checker's diagnostics of its stretch of the text. */
    static read(text) {
      return wasm._GameModel.read(text).map(([model, diagnostics]) => {
        const game = new Game(FROM_MODEL);
        models.set(game, model);
        return frozen({ game, diagnostics });
      });
    }

    /** The tags, in order. */
    get tags() {
      return modelOf(this).tags().map(([name, value]) => frozen({ name, value }));
    }

    /** The first tag's value by that name, or null. */
    tag(name) {
      return this.tags.find((t) => t.name === name)?.value ?? null;
    }

    /** Sets a tag where it is, or adds it at the end (`PDTL` sets the start position). */
    setTag(name, value) {
      modelOf(this).setTag(name, value, false);
    }

    /** Adds a tag at the end, even when one of that name is there. */
    pushTag(name, value) {
      modelOf(this).setTag(name, value, true);
    }

    /** Removes every tag of that name; how many there were. */
    removeTags(name) {
      return modelOf(this).removeTags(name);
    }

    /** The root: the start position, before the first move. */
    get root() {
      return new Node(this, 0);
    }

    /** The plies of the main line, in order. */
    mainLine() {
      return this.root.mainLine();
    }

    /** The node of that id, or null. */
    node(id) {
      try {
        modelOf(this).node(id);
      } catch {
        return null;
      }
      return new Node(this, id);
    }

    /** The start position, or null when it is not known. */
    start() {
      return this.root.position();
    }

    /** The result written (`3-0`, `1-1`, `*`...), or null. */
    get result() {
      return modelOf(this).result() ?? null;
    }

    set result(result) {
      modelOf(this).setResult(result ?? '');
    }

    /** The comments before the first move (`opening`) or after the result (`closing`). */
    comments(where) {
      return modelOf(this).comments(place(where));
    }

    setComments(where, texts) {
      modelOf(this).setComments(place(where), [...texts]);
    }

    /** A copy, edited apart. */
    clone() {
      const game = new Game(FROM_MODEL);
      models.set(game, modelOf(this).clone());
      return game;
    }

    /** The game in the canonical layout: what `cescacs fmt` writes (`{ ascii: true }`: `--ascii`). */
    toString(options) {
      return modelOf(this).write(options?.ascii === true);
    }
  }

  /** A node of a game: the root, or a ply with its move, marks, pair and variations. */
  class Node {
    #game;
    #id;

    constructor(game, id) {
      this.#game = game;
      this.#id = id;
    }

    #data() {
      return modelOf(this.#game).node(this.#id);
    }

    /** Its id in its game (0 for the root). */
    get id() {
      return this.#id;
    }

    get game() {
      return this.#game;
    }

    isRoot() {
      return this.#id === 0;
    }

    /** The node before it (for a variation's first ply, the node it branches from). */
    get parent() {
      return nodeOf(this.#game, this.#data().parent);
    }

    /** The next ply of its line, or null. */
    get next() {
      return nodeOf(this.#game, this.#data().next);
    }

    /** Every ply that may follow it: the next of its line first, then the variations' first. */
    get variations() {
      const d = this.#data();
      return [d.next, ...d.alternatives].filter((id) => id !== null).map((id) => new Node(this.#game, id));
    }

    /** The first plies of the variations that branch from it. */
    get alternatives() {
      return this.#data().alternatives.map((id) => new Node(this.#game, id));
    }

    /** The plies after it along its line, in order. */
    mainLine() {
      const line = [];
      for (let n = this.next; n; n = n.next) line.push(n);
      return line;
    }

    /** Whether it is on the main line. */
    isMainLine() {
      return this.#data().main;
    }

    /** Its data at once: the plain values behind every getter. */
    data() {
      return this.#data();
    }

    /** The legal move it plays, or null (its position is not known, or the move is not legal there). */
    get move() {
      const m = this.#data().move;
      return m ? frozen(m) : null;
    }

    /** The ply as written, marks included (`E7-E13 ?!`); null for the root. */
    get text() {
      return this.#data().text;
    }

    /** The move as written without its marks; null for the root and for a ply that is no move. */
    get written() {
      return this.#data().written;
    }

    /** `white` or `black`: whose place it takes in its pair; null for the root. */
    get side() {
      return this.#data().side;
    }

    /** Why its move is not legal where its position is known (`{ code, message }`), or null. */
    get error() {
      return this.#data().error;
    }

    /** The annotations written on its move. */
    get checkMark() {
      return this.#data().mark;
    }

    get rating() {
      return this.#data().rating;
    }

    get nags() {
      return this.#data().nags;
    }

    get drawOffer() {
      return this.#data().offer;
    }

    /** Whether its move is marked as the last one (`:`). */
    get isEnd() {
      return this.#data().end;
    }

    /** Its pair: number, moves, comments and the variations written after it; null for the root. */
    get pair() {
      const p = modelOf(this.#game).pair(this.#id);
      if (!p) return null;
      const game = this.#game;
      return frozen({
        first: new Node(game, p.first),
        white: nodeOf(game, p.white),
        black: nodeOf(game, p.black),
        number: p.number,
        unknown: p.unknown,
        comments: p.comments,
        variations: p.variations.map((v, index) =>
          frozen({ index, first: nodeOf(game, v.first), replaces: v.replaces, label: v.label, comments: v.comments }),
        ),
      });
    }

    /** The position after it, or null when it is not known. */
    position() {
      const pdtl = modelOf(this.#game).position(this.#id);
      return pdtl === undefined || pdtl === null ? null : Position.fromPdtl(pdtl);
    }

    /** How the game stands after it, when it has ended there (a repetition too), or null. */
    outcome() {
      return modelOf(this.#game).outcome(this.#id) ?? null;
    }

    /**
     * Plays a move after it (a `Move`, or CTL-AN text, its check mark verified): the next ply of
     * its line, or a new variation where the line goes on (the node already there when it plays
     * the same move). With `{ asWritten: true }` the text is kept as written, marks included,
     * legal or not. The new node.
     */
    play(move, options) {
      const written = options?.asWritten === true;
      return new Node(this.#game, modelOf(this.#game).addMove(this.#id, moveText(move), written));
    }

    /**
     * Starts a variation written after its pair, replacing `side`'s move (`white` or `black`,
     * default this node's side), with a move (as `play`); its first node.
     */
    addVariation(move, options) {
      const side = options?.side ?? this.side;
      const written = options?.asWritten === true;
      const id = modelOf(this.#game).addVariation(this.#id, side, moveText(move), written);
      return new Node(this.#game, id);
    }

    /**
     * The node a variation written after its pair, replacing `side`'s move (default its own
     * side), branches from: where the variation's first move is played.
     */
    variationBranch(side) {
      return new Node(this.#game, modelOf(this.#game).variationBranch(this.#id, side ?? this.side));
    }

    /** Adds a variation without moves after its pair; its index there. */
    addEmptyVariation() {
      return modelOf(this.#game).addEmptyVariation(this.#id);
    }

    /**
     * Sets annotations of its move; each one given is set (`''` clears a mark): `checkMark`,
     * `rating`, `nags`, `drawOffer`, `isEnd`, `number` (with `unknown`) of its pair, `side` it is
     * written for, `split` (Black's move in a pair of its own).
     */
    annotate(a) {
      modelOf(this.#game).annotate(this.#id, {
        mark: a.checkMark === undefined ? undefined : a.checkMark ?? '',
        rating: a.rating === undefined ? undefined : a.rating ?? '',
        nags: a.nags,
        offer: a.drawOffer,
        end: a.isEnd,
        number: a.number,
        unknown: a.unknown,
        side: a.side,
        split: a.split,
      });
    }

    /** The comments after its pair, or before the first pair of the variation `index` there. */
    comments(variation) {
      return modelOf(this.#game).comments(this.#place(variation));
    }

    setComments(texts, variation) {
      modelOf(this.#game).setComments(this.#place(variation), [...texts]);
    }

    #place(variation) {
      return variation === undefined
        ? { at: 'pair', node: this.#id }
        : { at: 'variation', node: this.#id, index: variation };
    }

    /** Labels the variation `index` written after its pair `$[label]` (null: none). */
    setLabel(index, label) {
      modelOf(this.#game).setLabel(this.#id, index, label ?? undefined);
    }

    /** Removes it and the plies after it. */
    remove() {
      modelOf(this.#game).remove(this.#id);
    }

    /** Makes the variation it starts the line it branches from. */
    promote() {
      modelOf(this.#game).promote(this.#id);
    }

    /** Whether both are the same node of the same game. */
    equals(other) {
      return other instanceof Node && other.#game === this.#game && other.#id === this.#id;
    }

    toString() {
      return this.#data().text ?? '';
    }
  }

  // What `replayGames` gives is its own iterator, so that `for (const game of replayGames(text))`
  // works: wasm-bindgen cannot give a Rust type a method named by a symbol.
  wasm.GameReplays.prototype[Symbol.iterator] = function () {
    return this;
  };

  return { CescacsError, Position, Game, Node };
}
