// The package's game model and moves (`Position`, `Game`, `Node`, `CescacsError`) and the
// collection's summaries (`standings`, `tree`), against the `cescacs` command on corpus/: every
// position of every line has the legal moves `cescacs legal` lists, every game reads back as
// `cescacs fmt` writes it with `cescacs check`'s diagnostics, the summaries are the CLI's JSON.
//   node --test crates/cescacs-wasm/tests/js/model.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { cli, packageDir, root } from './setup.mjs';

const { Position, Game, CescacsError, check, standings, tree } = await import(pathToFileURL(join(packageDir, 'index.js')).href);

const files = ['corpus/valid', 'corpus/invalid', 'corpus/generated'].flatMap((dir) =>
  readdirSync(join(root, dir))
    .filter((name) => name.endsWith('.ctl-pgn'))
    .sort()
    .map((name) => join(root, dir, name)),
);
const texts = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));

function run(args) {
  const r = spawnSync(cli, args, { maxBuffer: 1 << 30 });
  assert.equal(r.error, undefined, `${cli} ${args.join(' ')}`);
  return { status: r.status, stdout: r.stdout.toString('utf8') };
}

/** Every node of a game: the root, then each line's plies, variations too. */
function* nodes(game) {
  const todo = [game.root];
  while (todo.length > 0) {
    const node = todo.pop();
    yield node;
    todo.push(...node.variations);
  }
}

test('legalMoves() gives the moves `cescacs legal` lists, at every ply of every line of the corpus', async () => {
  const positions = new Map();
  for (const text of texts.values()) {
    for (const { game } of Game.read(text)) {
      for (const node of nodes(game)) {
        const position = node.position();
        if (position) positions.set(position.pdtl(), position);
      }
    }
  }
  assert.ok(positions.size > 2000, `${positions.size} positions`);
  // One run for them all: with several positions, `cescacs legal` ends each list with an empty
  // line.
  const all = [...positions.values()];
  const lists = [[]];
  for (const line of run(['legal', ...all.map((p) => p.pdtl())]).stdout.split('\n')) {
    if (line === '') lists.push([]);
    else lists.at(-1).push(line);
  }
  assert.equal(lists.length, all.length + 2, 'one list a position, each ended by an empty line');
  let compared = 0;
  for (const [i, p] of all.entries()) {
    const ours = p.legalMoves();
    assert.equal(ours.length, lists[i].length, p.pdtl());
    assert.deepStrictEqual(ours.map((m) => m.text), lists[i], p.pdtl());
    compared += ours.length;
  }
  assert.ok(compared > 100_000, `${compared} moves compared`);
});

test('a position: initial, from a PDTL, its turn, pieces, moves played (immutably), check and outcome', () => {
  const start = Position.initial();
  assert.equal(start.turn, 'white');
  assert.equal(start.pdtl(), run(['pdtl', 'start']).stdout.trim().split('\n').at(-1));
  assert.ok(Position.fromPdtl(start.pdtl()).equals(start));
  assert.deepStrictEqual(start.pieceAt('G1'), { colour: 'white', piece: 'K' });
  assert.equal(start.pieceAt('G13'), null);
  assert.throws(() => start.pieceAt('Z99'), CescacsError);
  const first = start.legalMoves()[0];
  assert.deepStrictEqual(Object.keys(first), ['from', 'to', 'piece', 'captured', 'promotion', 'castling', 'check', 'text']);
  assert.deepStrictEqual([first.from, first.to, first.piece, first.text], ['A5', 'A7', 'P', 'A5-A7']);
  const next = start.play(first);
  assert.equal(next.turn, 'black');
  assert.ok(next.play('E21-E15').pieceAt('E15'));
  assert.equal(start.pieceAt('A7'), null, 'the position played from is unchanged');
  assert.ok(next.equals(start.play('A5-A7')));
  assert.equal(start.isCheck(), false);
  assert.equal(start.outcome(), null);
  // The fool's mate of the spec: mate, a win for the side that mated.
  const [{ game }] = Game.read(texts.get(join(root, 'corpus/valid/spec-fools-mate-X01-en.ctl-pgn')));
  const mated = game.mainLine().at(-1).position();
  assert.ok(mated.isCheck() && mated.isGameOver());
  assert.deepStrictEqual(mated.outcome(), { termination: 'checkmate', winner: game.mainLine().at(-1).side, result: game.result });
  assert.deepStrictEqual(mated.legalMoves(), []);
  let invalid;
  assert.throws(() => Position.fromPdtl('/1:K/ x'), (e) => (invalid = e) instanceof CescacsError);
  assert.match(invalid.code, /^E01\d\d$/);
});

test('a move with a false check mark throws a CescacsError naming the right mark', () => {
  let tried = 0;
  for (const text of texts.values()) {
    for (const { game } of Game.read(text)) {
      for (const node of game.mainLine()) {
        const m = node.move;
        const before = node.parent.position();
        if (!m || !before || !['+^', '+∞', '++'].includes(m.check) || tried >= 60) continue;
        const bare = m.text.slice(0, -m.check.length);
        for (const wrong of ['+^', '+∞', '++', '#'].filter((w) => w !== m.check)) {
          let error;
          assert.throws(() => before.play(bare + wrong), (e) => (error = e) instanceof CescacsError, bare + wrong);
          assert.match(error.code, /^[EW]05\d\d$/);
          assert.ok(error.message.includes(`\`${m.check}\``), `${bare + wrong}: ${error.message}`);
          assert.equal(error.diagnostics[0].code, error.code);
          tried += 1;
        }
        assert.ok(before.play(bare).equals(before.play(m)), 'no mark: the move plays');
      }
    }
  }
  assert.equal(tried, 60, 'false marks tried');
  let error;
  assert.throws(() => Position.initial().play('G7-G13+'), (e) => (error = e) instanceof CescacsError);
  assert.equal(error.code, 'E0507');
  assert.equal(error.name, 'CescacsError');
});

test('every game reads as `cescacs fmt` writes it, with the diagnostics of `cescacs check`', () => {
  for (const [file, text] of texts) {
    const read = Game.read(text);
    const all = check(text, { maxErrors: 0 }).diagnostics;
    assert.deepStrictEqual(read.flatMap((r) => r.diagnostics), all, file);
    for (const [i, { diagnostics }] of read.entries()) {
      assert.ok(diagnostics.every((d) => d.data.game === undefined || d.data.game === i + 1), file);
    }
    const fmt = run(['fmt', '--stdout', file]);
    if (fmt.status === 0) assert.equal(read.map((r) => r.game.toString()).join('\n'), fmt.stdout, file);
  }
});

test('a game built move by move: lines, variations, annotations, comments, tags and the result', () => {
  const game = new Game();
  const e7 = game.root.play('E7-E13');
  const e21 = e7.play(Position.initial().play('E7-E13').legalMoves().find((m) => m.text === 'E21-E15'));
  assert.ok(e21.isMainLine() && e21.parent.equals(e7) && e7.next.equals(e21));
  const f8 = game.root.play('F8-F12');
  assert.ok(!f8.isMainLine() && game.root.variations[1].equals(f8));
  assert.ok(game.root.play('E7-E13').equals(e7), 'the move there already');
  e21.annotate({ rating: '!?', nags: [14], isEnd: true });
  e7.setComments(['a classic']);
  game.setTag('White', 'Ann');
  game.result = '*';
  const text = '[Variant "C\'escacs"]\n[White "Ann"]\n\n1. E7-E13, E21-E15 !? $14 :\n{a classic}\n(1. F8-F12)\n*\n';
  assert.equal(game.toString(), text);
  assert.equal(Game.read(text)[0].game.toString(), text);
  assert.deepStrictEqual([e21.rating, e21.nags, e21.isEnd, e21.side], ['!?', [14], true, 'black']);
  assert.throws(() => e21.play('E7-E13'), (e) => e instanceof CescacsError && /^E0[45]\d\d$/.test(e.code) && /E7/.test(e.message));
  const copy = game.clone();
  const fragment = copy.node(e21.id).play('D8-D10+', { asWritten: true });
  assert.equal(fragment.move, null);
  assert.match(fragment.error.code, /^E0[45]\d\d$/);
  assert.equal(fragment.text, 'D8-D10+');
  assert.equal(game.toString(), text, 'a clone is edited apart');
  fragment.remove();
  assert.equal(copy.toString(), text.replace('$14 :', '$14'), 'the move added took the `:`');
  const from = new Game(Position.initial().play('E7-E13'));
  assert.equal(from.tag('PDTL'), Position.initial().play('E7-E13').pdtl());
  assert.equal(from.root.play('E21-E15').pair.number, 1);
});

test('standings and tree give the JSON of `cescacs standings` and `cescacs tree`', () => {
  // The whole corpus as one text, and as the CLI reads it: file after file.
  const all = [...texts.values()].join('\n');
  const json = (args) => JSON.parse(run([...args, '--format', 'json', ...files]).stdout);
  const theirs = json(['standings']);
  assert.deepStrictEqual(standings(all), theirs);
  const players = theirs.events.reduce((n, e) => n + e.players.length, 0);
  assert.ok(theirs.events.length > 3 && players > 20, `${theirs.events.length} events, ${players} players`);
  assert.deepStrictEqual(standings(all, { oneTable: true }), json(['standings', '--one-table']));
  const opening = json(['tree', '--depth', '3']);
  assert.ok(opening.games > 50 && opening.moves.length > 5, `${opening.games} games`);
  assert.deepStrictEqual(tree(all, { depth: 3 }), opening);
  const from = Position.initial().play('E7-E13').pdtl();
  assert.deepStrictEqual(tree(all, { from, depth: 2 }), json(['tree', '--from', from, '--depth', '2']));
  assert.throws(() => tree(all, { from: '/1:K/ x' }), CescacsError);
});
