// What the package's node tests share: the repository's root, the package built by `cargo xtask
// npm` (or CESCACS_NPM_DIR) and the `cescacs` command they compare it with (CESCACS_BIN, else
// the debug build, else the release one); each asserted present, with the command that makes it.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
export const packageDir = process.env.CESCACS_NPM_DIR ?? join(root, 'target/npm/cescacs');
export const cli =
  process.env.CESCACS_BIN ??
  [join(root, 'target/debug/cescacs'), join(root, 'target/release/cescacs')].find(existsSync);
assert.ok(existsSync(join(packageDir, 'index.js')), `no package in ${packageDir}: run cargo xtask npm`);
assert.ok(cli && existsSync(cli), 'no cescacs binary: run cargo build -p ctl-cli');
