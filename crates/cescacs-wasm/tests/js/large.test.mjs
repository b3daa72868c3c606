// Large texts (issue 38): `replay` gives a result or a `too-large` error, never null;
// `replayGames` holds one game at a time, so that memory does not grow with the text; `toApp`
// takes time linear in the text. Each call runs alone in a child process (large-child.mjs), whose
// peak memory is its own. The bounds are generous: these are reproducers of quadratic time and of
// memory proportional to the input, not speed measurements (docs/PERFORMANCE.md has the figures).
// CESCACS_LARGE=1 adds the reproducer's own size, 40 MB (some minutes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../../..');
const packageDir = process.env.CESCACS_NPM_DIR ?? join(root, 'target/npm/cescacs');

const MiB = 1 << 20;

/** One call in a child process: what it gave, its seconds and its peak RSS in MiB. */
function measure(call, shape, bytes) {
  const r = spawnSync(process.execPath, [join(here, 'large-child.mjs'), packageDir, call, shape, String(bytes)], {
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  const measured = JSON.parse(r.stdout.trim().split('\n').pop());
  console.log(`${call} of ${(measured.bytes / 1e6).toFixed(1)} MB of ${shape}: ${JSON.stringify(measured.gave)}, ${measured.seconds.toFixed(2)} s, ${measured.rssMiB.toFixed(0)} MiB`);
  return measured;
}

/** Memory a text of `bytes` takes as a JavaScript string, at most (two bytes a character). */
function textMiB(bytes) {
  return (2 * bytes) / MiB;
}

test('replayGames holds one game at a time: memory does not grow with the text', () => {
  const small = measure('replayGames', 'games', 2e6);
  const large = measure('replayGames', 'games', 8e6);
  assert.ok(large.gave.games > 3.5 * small.gave.games, JSON.stringify([small.gave, large.gave]));
  // The text itself is in memory (the caller's string); nothing else grows with it. Before,
  // 10 MB took 1.15 GB.
  const growth = large.rssMiB - small.rssMiB;
  assert.ok(growth < textMiB(large.bytes - small.bytes) + 32, `${growth.toFixed(0)} MiB more for 6 MB more`);
});

test('replay of a text too large for one array is refused, in bounded memory, never null', () => {
  const refused = measure('replay', 'games', 8e6);
  assert.equal(refused.gave.code, 'too-large', JSON.stringify(refused.gave));
  assert.match(refused.gave.message, /replayGames/);
  assert.ok(refused.rssMiB < 300, `${refused.rssMiB.toFixed(0)} MiB`);
  const small = measure('replay', 'games', 1e6);
  assert.ok(small.gave.length > 100, JSON.stringify(small.gave));
});

test('toApp takes time linear in the text', () => {
  // Games without tags (each an error, all in one chunk): each error was located against the
  // whole text, quadratic time (250 kB took 94 s). And valid games, the tester's shape.
  for (const [shape, n] of [['untagged', 62_400], ['games', 1e6]]) {
    const one = measure('toApp', shape, n);
    const four = measure('toApp', shape, 4 * n);
    const times = four.bytes / one.bytes;
    assert.ok(four.gave.length >= 0.9 * times * one.gave.length, shape);
    // Linear is `times` times; twice that, plus a second, for a shared machine.
    const bound = 2 * times * one.seconds + 1;
    assert.ok(four.seconds < bound, `${shape}: ${one.seconds.toFixed(2)} s, then ${four.seconds.toFixed(2)} s`);
  }
});

test('the reproducer: 40 MB of games, replay and replayGames under 300 MB', { skip: !process.env.CESCACS_LARGE }, () => {
  const whole = measure('replay', 'games', 40e6);
  assert.ok(whole.gave.length > 0 || whole.gave.code === 'too-large', JSON.stringify(whole.gave));
  assert.ok(whole.rssMiB < 300, `${whole.rssMiB.toFixed(0)} MiB`);
  const games = measure('replayGames', 'games', 40e6);
  assert.ok(games.gave.games > 10_000, JSON.stringify(games.gave));
  assert.ok(games.rssMiB < 300, `${games.rssMiB.toFixed(0)} MiB`);
});

test('one game too large for replayGames is refused, and the games after it follow', { skip: !process.env.CESCACS_LARGE }, async () => {
  const cescacs = await import(pathToFileURL(join(packageDir, 'index.js')).href);
  // 200,000 variations of one ply (2.4 MB): some 50 MB of replay.
  const V = '[Variant "C\'escacs"]\n';
  const siblings = '(1. G7-G11)\n'.repeat(1000);
  const large = V + '1. E7-E13 ' + `(1. F8-F12 ${siblings})\n`.repeat(200) + '*\n\n';
  const games = cescacs.replayGames(large + V + '1. E7-E13, E21-E15: *\n');
  assert.throws(() => games.next(), (e) => e.code === 'too-large' && /game 1\b/.test(e.message));
  const next = games.next();
  assert.equal(next.value.game, 2);
  assert.equal(next.value.main.plies.length, 2);
  assert.equal(games.next().done, true);
});
