// The package's game model, a tutorial and an acceptance test: every game of a file is read,
// then built again as a NEW game through the package's API alone, and the new games are printed
// in the canonical layout, which must be exactly what `cescacs fmt --stdout FILE` prints (the
// same as crates/ctl-pgn/examples/rebuild.rs does with the Rust library).
//
//   npm install cescacs && node rebuild.mjs FILE.ctl-pgn
//
// For each game: its tags are set one by one; every move of every line is chosen among the
// legal moves of its position (`Position.legalMoves()`), not read from text; every annotation
// (check mark, rating, NAGs, draw offer, last-move mark, comments, labels, the result) is set
// through the API; variations are added at their branch points, in written order. A move that
// cannot be chosen so (one of a fragment whose start is not known, or one the file writes
// although it is not legal there) is added as written, and the example says where on standard
// error. A file with syntax errors is not rewritten (as `cescacs fmt` leaves it): its errors are
// printed and the exit status is 1. crates/cescacs-wasm/tests/js/rebuild.test.mjs runs it on
// every file of corpus/ against `cescacs fmt`.
import { readFileSync } from 'node:fs';
import process, { argv, stderr, stdout } from 'node:process';
import { pathToFileURL } from 'node:url';
import { CescacsError, Game, format } from 'cescacs';

/**
 * Every game of `text` built again: `{ text, notes, errors }`, `text` the new games in the
 * canonical layout (empty when the file is not rewritten), `notes` where a move was added as
 * written, `errors` what keeps the file from being rewritten.
 */
export function rebuild(text) {
  try {
    format(text, { maxErrors: 0 });
  } catch (e) {
    if (!(e instanceof CescacsError) || e.code !== 'syntax-errors') throw e;
    const errors = e.diagnostics.map((d) => `[${d.code}] ${d.message} (at byte ${d.data.span.start})`);
    return { text: '', notes: [], errors };
  }
  const notes = [];
  const games = Game.read(text).map(({ game }, index) => build(game, index + 1, notes).toString());
  return { text: games.join('\n'), notes, errors: [] };
}

/** A new game made from `source` through the API, its `number` in the file for the notes. */
function build(source, number, notes) {
  const game = new Game();
  // A new game has a Variant tag; the source's tags come instead, one by one, in their order
  // (the PDTL tag sets the start position).
  game.removeTags('Variant');
  for (const { name, value } of source.tags) game.pushTag(name, value);
  game.setComments('opening', source.comments('opening'));
  const first = source.root.next;
  if (first) line(first, { after: game.root });
  game.result = source.result;
  game.setComments('closing', source.comments('closing'));
  return game;

  /** The source's line from `ply` on, put at `place`, with what follows each of its pairs. */
  function line(ply, place) {
    for (const source of [ply, ...ply.mainLine()]) {
      const node = add(source, place);
      place = { after: node };
      const pair = source.pair;
      if (!source.next || !source.next.pair.first.equals(pair.first)) afterPair(pair, node);
    }
  }

  /** The source's ply at `place`: chosen among the legal moves where it can be, as written otherwise. */
  function add(ply, place) {
    const branch = place.after ?? place.pair.variationBranch(place.side);
    const position = branch.position();
    const played = ply.move;
    const chosen = position && played ? position.legalMoves().find((m) => m.text === played.text) : undefined;
    if (!chosen) note(ply, position !== null);
    const move = chosen ?? ply.written;
    const options = { asWritten: !chosen, side: place.side };
    const node = place.after ? place.after.play(move, options) : place.pair.addVariation(move, options);
    // The marks as the source writes them (a check mark too: the source may write `+`, or a
    // mark the move does not earn, which the checker reports).
    node.annotate({
      checkMark: ply.checkMark,
      rating: ply.rating,
      nags: ply.nags,
      drawOffer: ply.drawOffer,
      isEnd: ply.isEnd,
    });
    // Black's move written in a pair of its own, `N. …, MOVE`; a move written for the side
    // that is not to move; the number as written where it is not the one counted.
    const pair = ply.pair;
    if (pair.first.equals(ply) && ply.side === 'black') node.annotate({ split: true });
    if (node.side !== ply.side) node.annotate({ side: ply.side });
    const made = node.pair;
    if (pair.first.equals(ply) && (made.number !== pair.number || made.unknown !== pair.unknown)) {
      node.annotate({ number: pair.number, unknown: pair.unknown });
    }
    return node;
  }

  /** The comments and variations the source writes after `pair`, whose last ply is `last` here. */
  function afterPair(pair, last) {
    last.setComments(pair.comments);
    for (const variation of pair.variations) {
      let index;
      if (variation.first) {
        line(variation.first, { pair: last, side: variation.first.side });
        index = last.pair.variations.length - 1;
      } else {
        index = last.addEmptyVariation();
      }
      last.setLabel(index, variation.label);
      last.setComments(variation.comments, index);
    }
  }

  /** Says where the source's `ply` was added as written, and why. */
  function note(ply, known) {
    const pair = ply.pair;
    const at = `${pair.number}${pair.unknown ? '?' : '.'} `;
    const why = ply.error
      ? `not legal there: [${ply.error.code}] ${ply.error.message}`
      : known
        ? 'no legal move of its position is the one it writes'
        : 'its position is not known';
    notes.push(`game ${number}, move ${at}\`${ply.text}\`: added as written, ${why}`);
  }
}

if (import.meta.url === pathToFileURL(argv[1] ?? '').href) {
  if (argv.length !== 3) {
    stderr.write('usage: node rebuild.mjs FILE.ctl-pgn\n');
    process.exitCode = 2;
  } else {
    main(argv[2]);
  }
}

function main(path) {
  let rebuilt;
  try {
    rebuilt = rebuild(readFileSync(path, 'utf8'));
  } catch (e) {
    stderr.write(`error: ${e.message}\n`);
    process.exitCode = 2;
    return;
  }
  for (const error of rebuilt.errors) stderr.write(`error: ${error}\n`);
  for (const n of rebuilt.notes) stderr.write(`note: ${n}\n`);
  stdout.write(rebuilt.text);
  process.exitCode = rebuilt.errors.length > 0 ? 1 : 0;
}
