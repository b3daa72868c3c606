// examples/rebuild.mjs, copied into a project where the package is installed as `cescacs`,
// prints exactly what `cescacs fmt --stdout FILE` prints, for every file of corpus/ (and, as
// `cescacs fmt`, refuses a file with syntax errors with status 1).
//   node --test crates/cescacs-wasm/tests/js/rebuild.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { cli, packageDir, root } from './setup.mjs';

const files = ['corpus/valid', 'corpus/invalid', 'corpus/generated'].flatMap((dir) =>
  readdirSync(join(root, dir))
    .filter((name) => name.endsWith('.ctl-pgn'))
    .sort()
    .map((name) => join(root, dir, name)),
);

/** A project with the package in its node_modules, and the example copied into it. */
function project() {
  const dir = mkdtempSync(join(tmpdir(), 'cescacs-rebuild-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(packageDir, join(dir, 'node_modules/cescacs'), 'dir');
  copyFileSync(join(root, 'crates/cescacs-wasm/examples/rebuild.mjs'), join(dir, 'rebuild.mjs'));
  return dir;
}

function fmt(file) {
  const r = spawnSync(cli, ['fmt', '--stdout', file]);
  return { status: r.status, stdout: r.stdout.toString('utf8') };
}

test('rebuild.mjs builds every corpus file again through the API as `cescacs fmt` writes it', async () => {
  const dir = project();
  try {
    const { rebuild } = await import(pathToFileURL(join(dir, 'rebuild.mjs')).href);
    let games = 0;
    let bytes = 0;
    for (const file of files) {
      const theirs = fmt(file);
      const ours = rebuild(readFileSync(file, 'utf8'));
      assert.equal(ours.errors.length > 0, theirs.status !== 0, file);
      assert.equal(ours.text, theirs.status === 0 ? theirs.stdout : '', file);
      games += (ours.text.match(/^\[Variant /gm) ?? []).length;
      bytes += ours.text.length;
    }
    assert.ok(games > 90 && bytes > 50_000, `${games} games, ${bytes} bytes`);
    // Run as a command, as a user runs it.
    const run = (file) => spawnSync(process.execPath, ['rebuild.mjs', file], { cwd: dir });
    const valid = join(root, 'corpus/valid/spec-fools-mate-variations-X01-V-en.ctl-pgn');
    const r = run(valid);
    assert.equal(r.status, 0, r.stderr.toString());
    assert.equal(r.stdout.toString(), fmt(valid).stdout);
    const broken = files.find((f) => fmt(f).status !== 0);
    const refused = run(broken);
    assert.equal(refused.status, 1, broken);
    assert.equal(refused.stdout.toString(), '');
    assert.match(refused.stderr.toString(), /^error: \[E\d{4}\]/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
