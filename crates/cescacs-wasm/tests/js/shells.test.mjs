// The npm package gives what the `cescacs` command gives, both calling the toolkit's one core
// (crates/cescacs-toolkit): the diagnostics of `check` at every level, the text of `fmt` and its
// refusals, the positions and errors of `replay`, on every file of corpus/ and on the broken
// texts of crates/cescacs-toolkit/tests/texts/ (prose between games, a byte-order mark, invalid
// UTF-8, bytes that are no text, stray text, games without tags, an empty file). The Python
// module is held to the same files in python/tests/test_shells.py, the CLI to the core in
// crates/ctl-cli/tests/toolkit_parity.rs.
//   node --test crates/cescacs-wasm/tests/js/shells.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { cli, packageDir, root } from './setup.mjs';

const cescacs = await import(pathToFileURL(join(packageDir, 'index.js')).href);

/** Runs the CLI: its status, standard output and error. */
function run(args) {
  const r = spawnSync(cli, args, { maxBuffer: 1 << 30 });
  assert.equal(r.error, undefined, `${cli} ${args.join(' ')}`);
  return { status: r.status, stdout: r.stdout.toString('utf8'), stderr: r.stderr.toString('utf8') };
}

const files = ['corpus/valid', 'corpus/invalid', 'corpus/generated', 'crates/cescacs-toolkit/tests/texts'].flatMap((dir) =>
  readdirSync(join(root, dir))
    .filter((name) => name.endsWith('.ctl-pgn'))
    .sort()
    .map((name) => join(root, dir, name)),
);

/** The codes `pattern` (one group) finds in `text`, sorted. */
function codes(text, pattern) {
  return [...text.matchAll(pattern)].map((m) => m[1]).sort();
}

test('the files hold the broken texts', () => {
  for (const name of ['prose-between-games.ctl-pgn', 'invalid-utf8.ctl-pgn', 'not-text.ctl-pgn']) {
    assert.ok(files.some((f) => f.endsWith(`/${name}`)), name);
  }
  assert.ok(files.length > 60, `${files.length} files`);
});

for (const level of ['syntax', 'coherence', 'rules']) {
  test(`check gives the CLI's diagnostics at the ${level} level`, () => {
    const out = run(['check', '--format', 'json', '--max-errors', '0', '--level', level, ...files]);
    const document = JSON.parse(out.stdout);
    let compared = 0;
    for (const [i, file] of document.files.entries()) {
      const found = cescacs.check(readFileSync(files[i]), { level, uri: file.uri, maxErrors: 0 });
      assert.deepStrictEqual(found.diagnostics, file.diagnostics, files[i]);
      compared += file.diagnostics.length;
    }
    assert.ok(compared > 50, `${compared} diagnostics compared`);
  });
}

test('format writes what `cescacs fmt --stdout` writes, and refuses what it refuses with the same codes', () => {
  for (const path of files) {
    const out = run(['fmt', '--stdout', '--max-errors', '0', path]);
    const bytes = readFileSync(path);
    if (out.status === 0) {
      assert.equal(cescacs.format(bytes), out.stdout, path);
    } else {
      let refused;
      assert.throws(() => cescacs.format(bytes, { maxErrors: 0 }), (e) => (refused = e).code === 'syntax-errors', path);
      const theirs = codes(out.stderr, /: (?:error|warning)\[([EW]\d{4})\]/g);
      assert.deepStrictEqual(refused.diagnostics.map((d) => d.code).sort(), theirs, path);
    }
  }
});

test("replay gives the CLI's positions and errors", () => {
  let compared = 0;
  for (const path of files) {
    const out = run(['replay', '--format', 'jsonl', '--max-errors', '0', path]);
    const theirs = out.stdout.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l)).map((p) => [p.game, p.pdtl]);
    const replayed = cescacs.replay(readFileSync(path));
    const ours = replayed
      .filter((g) => g.game !== null && g.main !== null)
      .flatMap((g) => [g.main.start, ...g.main.plies.map((p) => p.pdtl)].map((pdtl) => [g.game, pdtl]));
    assert.deepStrictEqual(ours, theirs, path);
    const found = replayed.flatMap((g) => g.diagnostics.map((d) => d.code)).sort();
    assert.deepStrictEqual(found, codes(out.stderr, /^\[([EW]\d{4})\] (?:Error|Warning)/gm), path);
    compared += found.length;
  }
  assert.ok(compared > 30, `${compared} codes compared`);
});
