// The npm package `cescacs` (target/npm/cescacs, `cargo xtask npm`) against the command line it
// must agree with (target/debug/cescacs, or CESCACS_BIN), under node's own test runner:
//   node --test crates/cescacs-wasm/tests/js/
// CESCACS_NPM_DIR overrides where the package is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { cli, packageDir, root } from './setup.mjs';

const cescacs = await import(pathToFileURL(join(packageDir, 'index.js')).href);

/** Runs the CLI; its standard output (the status is the caller's business). */
function run(args, input) {
  const r = spawnSync(cli, args, { input, maxBuffer: 1 << 30 });
  assert.equal(r.error, undefined, `${cli} ${args.join(' ')}`);
  return r;
}

const corpusDirs = ['corpus/valid', 'corpus/invalid', 'corpus/generated'];
const corpus = corpusDirs.flatMap((dir) =>
  readdirSync(join(root, dir))
    .filter((name) => name.endsWith('.ctl-pgn'))
    .sort()
    .map((name) => join(root, dir, name)),
);
const levels = ['syntax', 'coherence', 'rules'];
const encodings = ['utf-8', 'utf-16', 'utf-32'];

test('the package exports every function, ready after import', () => {
  for (const name of ['check', 'format', 'readPdtl', 'writePdtl', 'legalMoves', 'replay', 'replayGames', 'fromApp', 'toApp', 'boardSvg', 'applyFixes', 'viewer', 'viewerBoard', 'moves', 'addMove', 'games']) {
    assert.equal(typeof cescacs[name], 'function', name);
  }
  assert.equal(cescacs.initSync, undefined);
});

for (const level of levels) {
  for (const encoding of encodings) {
    test(`check deep-equals \`cescacs check --format json\`: ${level}, ${encoding}, every corpus file`, () => {
      const out = run(['check', '--format', 'json', '--level', level, '--position-encoding', encoding, ...corpus]);
      const document = JSON.parse(out.stdout.toString('utf8'));
      assert.equal(document.files.length, corpus.length);
      for (const [i, file] of document.files.entries()) {
        const bytes = readFileSync(corpus[i]);
        const found = cescacs.check(bytes, { level, positionEncoding: encoding, uri: file.uri });
        assert.deepStrictEqual(found.diagnostics, file.diagnostics, corpus[i]);
        assert.equal(found.omitted, file.omitted ?? 0, corpus[i]);
        // The same text as a string: the same diagnostics where the file is valid UTF-8.
        const text = bytes.toString('utf8');
        if (Buffer.from(text, 'utf8').equals(bytes)) {
          const fromString = cescacs.check(text, { level, positionEncoding: encoding, uri: file.uri });
          assert.deepStrictEqual(fromString.diagnostics, file.diagnostics, corpus[i]);
        }
      }
      const summary = { games: 0, plies: 0, errors: 0, warnings: 0 };
      for (const path of corpus) {
        const s = cescacs.check(readFileSync(path), { level }).summary;
        for (const key of Object.keys(summary)) summary[key] += s[key];
      }
      const { files: _, ...expected } = document.summary;
      assert.deepStrictEqual(summary, expected);
    });
  }
}

test('check without a cap gives what `--max-errors 0` gives', () => {
  const out = run(['check', '--format', 'json', '--max-errors', '0', ...corpus]);
  const document = JSON.parse(out.stdout.toString('utf8'));
  for (const [i, file] of document.files.entries()) {
    const found = cescacs.check(readFileSync(corpus[i]), { uri: file.uri, maxErrors: 0 });
    assert.deepStrictEqual(found.diagnostics, file.diagnostics, corpus[i]);
  }
});

test('format equals `cescacs fmt --stdout`, and refuses what fmt refuses', () => {
  for (const path of corpus) {
    const out = run(['fmt', '--stdout', path]);
    const bytes = readFileSync(path);
    if (out.status === 0) {
      assert.equal(cescacs.format(bytes), out.stdout.toString('utf8'), path);
      assert.equal(cescacs.format(bytes, { ascii: true }), run(['fmt', '--stdout', '--ascii', path]).stdout.toString('utf8'), path);
    } else {
      assert.throws(() => cescacs.format(bytes), (e) => e.code === 'syntax-errors' && e.diagnostics.length > 0, path);
    }
  }
});

/** Every position of the main lines of the corpus, as `cescacs replay` prints them. */
function replayed(path, game) {
  const out = run(['replay', '--game', String(game), path]);
  return out.stdout.toString('utf8').split('\n').filter((l) => l !== '');
}

test('replay equals `cescacs replay` on every game of the corpus; variations branch where they start', () => {
  for (const path of corpus) {
    const text = readFileSync(path, 'utf8');
    const games = cescacs.replay(text).filter((game) => game.game !== null);
    games.forEach((game, i) => {
      assert.equal(game.game, i + 1, path);
      const expected = replayed(path, game.game);
      const main = game.main;
      const got = main ? [main.start, ...main.plies.map((p) => p.pdtl)] : [];
      assert.deepStrictEqual(got, expected, `${path} game ${game.game}`);
      const walk = (line) => {
        for (const { replaces, line: variation } of line.variations) {
          if (!variation) continue;
          const before = replaces === 0 ? line.start : line.plies[replaces - 1]?.pdtl;
          if (before !== undefined) assert.equal(variation.start, before, `${path} game ${game.game}`);
          walk(variation);
        }
      };
      if (main) walk(main);
    });
    // One game at a time: the same games.
    assert.deepStrictEqual([...cescacs.replayGames(text)], cescacs.replay(text), path);
  }
});

/** A small seeded generator (mulberry32), so that a failure can be replayed. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The codes `cescacs replay` reports on standard error, sorted. */
function replayCodes(args, input) {
  const err = run(['replay', '--max-errors', '0', ...args], input).stderr.toString('utf8');
  return [...err.matchAll(/^\[([EW]\d{4})\] (?:Error|Warning)/gm)].map((m) => m[1]).sort();
}

/** The codes of every diagnostic `replay` gives, sorted. */
function codesOf(games) {
  return games.flatMap((game) => game.diagnostics.map((d) => d.code)).sort();
}

test('replay gives every diagnostic `cescacs replay` reports, syntax errors included', () => {
  // A move that cannot be read: no ply, and its error said (it was dropped, issue 38).
  const games = cescacs.replay('1. A1-A9 *');
  assert.deepStrictEqual(codesOf(games), replayCodes(['-'], '1. A1-A9 *'));
  assert.deepStrictEqual(codesOf(games), ['E0204', 'E0217']);
  assert.equal(games[0].main.plies.length, 0);
  let compared = 0;
  for (const path of corpus) {
    const expected = replayCodes([path]);
    assert.deepStrictEqual(codesOf(cescacs.replay(readFileSync(path))), expected, path);
    compared += expected.length;
  }
  // Broken texts: a sample with bytes changed at random, stray text and brackets.
  const next = random(38);
  const sample = readFileSync(corpus[0]);
  const broken = ['junk ] before\n[Variant "C\'escacs"]\n1. E7-E13: * ) 1-0\n', '1. E7-E13 '.repeat(300), '1. E7-E13 *\n'.repeat(50)];
  for (let i = 0; i < 40; i++) {
    const bytes = Buffer.from(sample);
    for (let j = 0; j < 10; j++) bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 128);
    broken.push(bytes);
  }
  for (const text of broken) {
    const expected = replayCodes(['-'], text);
    assert.deepStrictEqual(codesOf(cescacs.replay(text)), expected, String(text));
    compared += expected.length;
  }
  assert.ok(compared > 100, `${compared} codes compared`);
});

test('replay reads a string a chunk at a time: characters across chunks are whole', () => {
  // Chunks of 65,536 UTF-16 units: a surrogate pair (𝄞), a lone surrogate or a two-byte
  // character at and around each edge of the first chunk, before a syntax error whose byte span
  // would move if one were cut.
  const head = '[Variant "C\'escacs"]\n{';
  for (const wide of ['\u{1D11E}', '\uD800', 'é']) {
    for (const shift of [-2, -1, 0, 1]) {
      const text = head + 'a'.repeat(65_536 + shift - head.length) + wide + '}\n1. E7xE13 *\n';
      const fromString = cescacs.replay(text);
      const fromBytes = cescacs.replay(new Uint8Array(Buffer.from(text, 'utf8')));
      assert.deepStrictEqual(fromString, fromBytes, `${JSON.stringify(wide)} at ${shift}`);
      const checked = cescacs.check(text).diagnostics.find((d) => d.code === 'E0206');
      assert.deepStrictEqual(fromString[0].diagnostics, [checked], `${JSON.stringify(wide)} at ${shift}`);
    }
  }
});

test('PDTL: read and write round trip in both dialects, as `cescacs pdtl --canonical`', () => {
  const positions = new Set(['start']);
  for (const path of corpus.slice(0, 40)) {
    for (const game of cescacs.replay(readFileSync(path, 'utf8'))) {
      for (const ply of game.main?.plies ?? []) positions.add(ply.pdtl);
    }
  }
  const list = [...positions];
  const spec = run(['pdtl', '--canonical', '-'], list.join('\n') + '\n').stdout.toString('utf8').trimEnd().split('\n');
  const app = run(['pdtl', '--canonical', '--to', 'app', '-'], list.join('\n') + '\n').stdout.toString('utf8').trimEnd().split('\n');
  list.forEach((p, i) => {
    const read = cescacs.readPdtl(p);
    assert.equal(read.spec, spec[i]);
    assert.equal(read.app, app[i]);
    assert.equal(cescacs.writePdtl(read.spec), read.spec, 'spec round trip');
    assert.equal(cescacs.writePdtl(read.app, { from: 'app', to: 'app' }), read.app, 'app round trip');
  });
  assert.ok(list.length > 100, `${list.length} positions`);
});

test('legalMoves equals `cescacs legal`', () => {
  const positions = ['start', '/14:3k3/12:3N3/4:2R2/1:1K/ w -- - 0 1'];
  for (const game of cescacs.replay(readFileSync(corpus[0], 'utf8'))) {
    for (const ply of game.main?.plies ?? []) positions.push(ply.pdtl);
  }
  for (const p of positions.slice(0, 30)) {
    const expected = run(['legal', p]).stdout.toString('utf8').split('\n').filter((l) => l !== '');
    assert.deepStrictEqual(cescacs.legalMoves(p), expected, p);
  }
  assert.equal(cescacs.legalMoves('start').length, 68);
});

test('moves are the moves of `cescacs legal`, each with where it goes', () => {
  const positions = ['start'];
  for (const game of cescacs.replay(readFileSync(join(root, 'corpus/valid/spec-A0001-43.ctl-pgn'), 'utf8'))) {
    for (const ply of game.main?.plies ?? []) positions.push(ply.pdtl);
  }
  for (const p of positions.filter((_, i) => i % 10 === 0)) {
    const expected = run(['legal', p]).stdout.toString('utf8').split('\n').filter((l) => l !== '');
    const moves = cescacs.moves(p);
    assert.deepStrictEqual(moves.map((m) => m.text), expected, p);
    for (const m of moves) {
      assert.deepStrictEqual(Object.keys(m), ['from', 'to', 'piece', 'captured', 'promotion', 'castling', 'check', 'text']);
      // The origin and destination are named in the text (a castling names the King's columns).
      if (!m.castling) assert.ok(m.text.includes(m.to), m.text);
    }
  }
  assert.throws(() => cescacs.moves('/nonsense'), (e) => e.code.startsWith('E01'));
});

test('addMove writes a game move by move, as `cescacs fmt` writes it', () => {
  const source = cescacs.replay(readFileSync(join(root, 'corpus/valid/spec-A0001-43.ctl-pgn'), 'utf8'))[0];
  const moves = source.main.plies.map((p) => p.move);
  let text = '';
  let at = 0;
  for (const m of moves.slice(0, 20)) ({ text, at } = cescacs.addMove(text, { at, move: m }));
  // The last move is marked as the game's last (`:`), as written.
  const played = cescacs.replay(text)[0].main.plies.map((p) => p.move);
  assert.equal(played.pop(), `${moves[19]} :`);
  assert.deepStrictEqual(played, moves.slice(0, 19));
  assert.equal(run(['fmt', '--stdout', '-'], text).stdout.toString('utf8'), text);
  assert.equal(cescacs.check(text).diagnostics.length, 0);
  // Another first move: a variation after the first pair.
  const other = cescacs.addMove(text, { at: 0, move: 'F8-F12' });
  assert.equal(other.added, 'variation');
  assert.ok(other.text.includes('\n(1. F8-F12)\n'), other.text);
  assert.throws(() => cescacs.addMove(text, { at, move: 'E7-E14' }), (e) => e.code.startsWith('E0'));
  assert.throws(() => cescacs.addMove(text, { at, move: 'E7-E13', more: 1 }), (e) => e.code === 'invalid-options');
});

test('games lists the games `cescacs check` counts, with their tags', () => {
  for (const path of corpus.filter((p) => p.includes('/valid/'))) {
    const text = readFileSync(path, 'utf8');
    const list = cescacs.games(text);
    assert.equal(list.length, cescacs.check(text).summary.games, path);
    list.forEach((g, i) => assert.equal(g.game, i + 1));
  }
});

test('toApp and fromApp agree with `cescacs convert`', () => {
  for (const path of corpus.filter((p) => p.includes('/valid/')).slice(0, 20)) {
    const text = readFileSync(path, 'utf8');
    const out = run(['convert', '--to', 'app', path]);
    const converted = cescacs.toApp(text).filter((g) => g.text !== null).map((g) => g.text);
    assert.equal(converted.join('\n'), out.stdout.toString('utf8'), path);
    for (const app of converted) {
      const back = cescacs.fromApp(app);
      const cli = run(['convert', '--from', 'app', '-'], app);
      assert.equal(back.text ?? '', cli.stdout.toString('utf8'), path);
    }
  }
});

test('boardSvg draws a position; errors are thrown Errors with a code', () => {
  const svg = cescacs.boardSvg('start', { title: 'Start', lastMove: ['E7', 'E13'], flip: true });
  assert.match(svg, /^<svg[\s\S]*<title>Start<\/title>[\s\S]*<\/svg>\s*$/);
  assert.throws(() => cescacs.boardSvg('/1:K/ x'), (e) => e instanceof Error && /^E01\d\d$/.test(e.code) && e.diagnostics.length > 0);
  assert.throws(() => cescacs.check('', { level: 'deep' }), (e) => e.code === 'invalid-options');
  assert.throws(() => cescacs.check('', { colour: 1 }), (e) => e.code === 'invalid-options');
  assert.throws(() => cescacs.check(42), (e) => e.code === 'invalid-input');
  assert.throws(() => cescacs.boardSvg('start', { lastMove: ['Z99', 'E7'] }), (e) => e.code === 'invalid-options');
});

/** Calls every function on `text`: each gives a value or throws an Error with a code. */
function everything(text) {
  const calls = [
    () => cescacs.check(text),
    () => cescacs.check(text, { level: 'syntax', positionEncoding: 'utf-8', maxErrors: 0 }),
    () => cescacs.format(text),
    () => cescacs.replay(text),
    () => [...cescacs.replayGames(text)],
    () => cescacs.toApp(text),
    () => cescacs.fromApp(typeof text === 'string' ? text : Buffer.from(text).toString('utf8')),
    () => cescacs.viewer(text),
    () => cescacs.viewer(text, { at: 1e9 }),
    () => cescacs.games(text),
    () => cescacs.applyFixes(typeof text === 'string' ? text : Buffer.from(text).toString('utf8'), [{ span: { start: 3, end: 1 }, replacement: 'x' }, { span: { start: 0, end: 1e9 }, replacement: '' }]),
  ];
  if (typeof text === 'string' && text.length < 100_000) {
    calls.push(() => cescacs.readPdtl(text), () => cescacs.legalMoves(text), () => cescacs.boardSvg(text, { from: 'app' }));
    calls.push(() => cescacs.moves(text), () => cescacs.addMove(text, { at: text.length >> 1, move: 'E7-E13' }));
  }
  for (const call of calls) {
    let value;
    try {
      value = call();
    } catch (e) {
      assert.ok(e instanceof Error && typeof e.code === 'string', `a trap, not an error value: ${e}`);
      continue;
    }
    assert.notEqual(value, null, `${call}: a value, never null`);
  }
}

test('hostile inputs give results, not traps', () => {
  const seeds = ['fuzz/seeds/pdtl', 'fuzz/regressions/game'].flatMap((dir) =>
    readdirSync(join(root, dir)).map((name) => readFileSync(join(root, dir, name))),
  );
  for (const bytes of seeds) {
    everything(bytes);
    everything(bytes.toString('utf8'));
  }
  everything('['.repeat(10 << 20));
  everything('('.repeat(1 << 20));
  everything('{'.repeat(1 << 20));
  everything('1. E7-E13 '.repeat(200_000));
  everything('[Variant "C\'escacs"]\n' + '1. E7-E13 ('.repeat(50_000));
  everything('\uD800\uDC00\uD800 [Variant "\uDFFF"] 1. E7\uD83D-E13 \uDC00');
  everything('/14:3k3/12:3N3/4:2R2/1:1K/ w -- - 0 1'.repeat(10_000));
  everything(new Uint8Array([0xff, 0xfe, 0, 0x5b, 0xc3]));
  const next = random(2026);
  const sample = readFileSync(corpus[0]);
  for (let i = 0; i < 200; i++) {
    const bytes = Buffer.from(sample);
    for (let j = 0; j < 20; j++) bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
    everything(bytes);
    everything(bytes.toString('latin1'));
  }
  // The module still answers as before.
  assert.equal(cescacs.check('[Variant "C\'escacs"]\n1. E7-E13, E21-E15: *\n').summary.plies, 2);
});

test('viewer gives the sections and positions of `cescacs html`, one game at a time', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cescacs-viewer-'));
  try {
    let compared = 0;
    for (const file of corpus) {
      const bytes = readFileSync(file);
      // One game per file: the page of `cescacs html` holds exactly what `viewer` gives.
      if (cescacs.check(bytes).summary.games !== 1 || bytes.includes('[Variant', 1)) continue;
      // A page of its own: `html` refuses to overwrite an existing file without --force. It
      // exits as `check` does (1 for a game with errors), and writes the page either way.
      const page = join(dir, `page-${compared}.html`);
      // The page is written whether or not the game has errors (then the status is 1, as `check`'s).
      const status = run(['html', file, '-o', page]).status;
      assert.equal(status, file.includes('/invalid/') ? 1 : 0, file);
      const html = readFileSync(page, 'utf8');
      const shown = cescacs.viewer(bytes, { name: basename(file) });
      assert.ok(html.includes(shown.sections), file);
      assert.ok(html.includes(cescacs.viewerBoard()), file);
      const data = JSON.parse(html.split('<script type="application/json" id="data">')[1].split('</script>')[0].replaceAll('<\\/', '</'));
      assert.deepStrictEqual(shown.games.map(({ at, ...game }) => game), data, file);
      assert.equal(shown.games[0].at.length, data[0].nodes.length, file);
      compared += 1;
    }
    assert.ok(compared > 30, `${compared} files compared`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
