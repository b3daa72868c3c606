// The npm package as its users get it: the tarball (target/dist/cescacs-*.tgz from `cargo xtask
// dist`, else `npm pack` of target/npm/cescacs) installed in a fresh project made as `npm init
// -y` makes one (CommonJS), with no Rust on PATH: `require`, `import`, examples/rebuild.mjs,
// `tsc --strict` under `--lib es2022 --module nodenext --types node` (the READMEs' TypeScript
// examples too), and browser bundles from webpack 5 and esbuild (no plugin, no `node:` module
// in them) run in chromium, giving the CLI's diagnostics. The tools (TypeScript, webpack, esbuild, @types/node)
// are pinned in crates/cescacs-wasm/tests/package (`npm ci` there, as .ci/run does); chromium
// and playwright-core are the browser tests' (chromium.mjs). Skipped when the tools are
// missing, unless CI is set (then it fails).
//   node --test crates/cescacs-wasm/tests/js/package.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { launch, missing as noBrowser, root, serve, watch } from './chromium.mjs';

const packageDir = process.env.CESCACS_NPM_DIR ?? join(root, 'target/npm/cescacs');
const toolsDir = join(root, 'crates/cescacs-wasm/tests/package');
const cli = [join(root, 'target/debug/cescacs'), join(root, 'target/release/cescacs')].find(existsSync);
const missing = existsSync(join(toolsDir, 'node_modules/typescript')) ? noBrowser : `${toolsDir}/node_modules (npm ci)`;
if (missing && process.env.CI) throw new Error(`${missing} is missing: the package test cannot run`);
const tools = createRequire(join(toolsDir, 'package.json'));

const GAME = '[Variant "C\'escacs"]\n1. E7-E13, E21-E15\n2. EE5-E11: *\n';

/** The CLI's diagnostics of GAME, as `check` gives them with the same URI. */
function cliDiagnostics(dir) {
  const file = join(dir, 'game.ctl-pgn');
  writeFileSync(file, GAME);
  const r = spawnSync(cli, ['check', '--format', 'json', file]);
  const [only] = JSON.parse(r.stdout.toString()).files;
  return { uri: only.uri, diagnostics: only.diagnostics };
}

/** The tarball: `cargo xtask dist`'s, else one packed here into `dir`. */
function tarball(dir) {
  const dist = join(root, 'target/dist');
  const made = existsSync(dist) ? readdirSync(dist).find((f) => /^cescacs-.*\.tgz$/.test(f)) : undefined;
  if (made) return join(dist, made);
  const r = spawnSync('npm', ['pack', '--pack-destination', dir, packageDir], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return join(dir, r.stdout.trim().split('\n').at(-1));
}

/** A PATH with node and npm alone: no cargo, no rustc. */
function nodeOnlyPath(dir) {
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  symlinkSync(process.execPath, join(bin, 'node'));
  const npm = realpathSync(spawnSync('which', ['npm'], { encoding: 'utf8' }).stdout.trim());
  symlinkSync(join(dirname(npm), 'npm-cli.js'), join(bin, 'npm'));
  return bin;
}

test('the tarball installs in a fresh project without Rust; require, import, tsc --strict, webpack 5 and esbuild in chromium', { skip: missing ? `${missing} is missing` : false, timeout: 180_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cescacs-package-'));
  try {
    const app = join(dir, 'app');
    mkdirSync(app);
    const env = { ...process.env, PATH: nodeOnlyPath(dir), npm_config_cache: join(dir, 'npm-cache') };
    for (const rust of ['cargo', 'rustc']) {
      assert.notEqual(spawnSync(rust, ['--version'], { env }).status, 0, `${rust} is on the PATH`);
    }
    const sh = (command, args) => {
      const r = spawnSync(command, args, { cwd: app, env, encoding: 'utf8' });
      assert.equal(r.status, 0, `${command} ${args.join(' ')}\n${r.stdout}\n${r.stderr}`);
      return r.stdout;
    };
    // As `npm init -y` writes it: a CommonJS project.
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', main: 'index.js', license: 'ISC' }));
    const packed = tarball(dir);
    sh('npm', ['install', '--no-audit', '--no-fund', '--offline', packed]);
    const { uri, diagnostics } = cliDiagnostics(dir);
    const program = (load) => `${load}
const checked = cescacs.check(${JSON.stringify(GAME)}, { uri: ${JSON.stringify(uri)} });
const position = cescacs.Position.initial();
console.log(JSON.stringify({ diagnostics: checked.diagnostics, from: position.legalMoves()[0].from, played: position.play('E7-E13').turn }));`;
    writeFileSync(join(app, 'index.js'), program("const cescacs = require('cescacs');"));
    writeFileSync(join(app, 'index.mjs'), program("import * as cescacs from 'cescacs';"));
    for (const entry of ['index.js', 'index.mjs']) {
      const out = JSON.parse(sh('node', [entry]));
      assert.deepStrictEqual(out.diagnostics, diagnostics, entry);
      assert.deepStrictEqual([out.from, out.played], ['A5', 'black'], entry);
    }

    // The game model's example, copied into the project, as `cescacs fmt` prints.
    copyFileSync(join(root, 'crates/cescacs-wasm/examples/rebuild.mjs'), join(app, 'rebuild.mjs'));
    for (const name of ['valid/spec-fools-mate-variations-X01-V-en.ctl-pgn', 'valid/edge-deep-variations-and-references.ctl-pgn']) {
      const file = join(root, 'corpus', name);
      assert.equal(sh('node', ['rebuild.mjs', file]), spawnSync(cli, ['fmt', '--stdout', file], { encoding: 'utf8' }).stdout, name);
    }

    // Strict TypeScript without the DOM: a CommonJS file, an ES one, and the README's examples.
    mkdirSync(join(app, 'node_modules/@types'));
    symlinkSync(join(toolsDir, 'node_modules/@types/node'), join(app, 'node_modules/@types/node'), 'dir');
    const typed = `import { Position, Game, CescacsError, check, type Move, type Diagnostic } from 'cescacs';
const from: string = Position.initial().legalMoves()[0].from;
const moves: Move[] = Position.initial().legalMoves();
const found: Diagnostic[] = check('').diagnostics;
const games = Game.read('').map((r) => r.game.toString());
try { Position.initial().play('G7-G13+'); } catch (e) { if (e instanceof CescacsError) console.log(e.code, from, moves.length, found.length, games); }
`;
    const manual = `import { init, initSync, Position } from 'cescacs/manual';
import { readFileSync } from 'node:fs';
initSync(readFileSync(new URL('./node_modules/cescacs/cescacs_wasm_bg.wasm', import.meta.url)));
await init(new URL('https://example.org/cescacs_wasm_bg.wasm')).catch(() => undefined);
console.log(Position.initial().turn);
`;
    writeFileSync(join(app, 'manual.mts'), manual);
    writeFileSync(join(app, 'typed.ts'), typed);
    writeFileSync(join(app, 'typed.mts'), typed);
    // The TypeScript examples of the package's README and of the repository's.
    const readmes = [join(packageDir, 'README.md'), join(root, 'README.md')].map((f) => readFileSync(f, 'utf8'));
    const examples = readmes.flatMap((readme) => [...readme.matchAll(/```ts\n([^]*?)```/g)].map((m) => m[1]));
    assert.ok(examples.length >= 3, `${examples.length} TypeScript examples in the READMEs`);
    examples.forEach((code, i) => writeFileSync(join(app, `readme-${i}.mts`), code));
    const tsc = join(toolsDir, 'node_modules/typescript/bin/tsc');
    const files = ['typed.ts', 'typed.mts', 'manual.mts', ...examples.map((_, i) => `readme-${i}.mts`)];
    sh('node', [tsc, '--strict', '--noEmit', '--lib', 'es2022', '--module', 'nodenext', '--types', 'node', ...files]);
    // cescacs/manual loads nothing until asked: here from the bytes of the installed file.
    assert.equal(sh('node', ['--input-type=module', '-e', manual.replace('await init', '// ')]).trim(), 'white');

    // Browser bundles: the same program, its result on the page.
    mkdirSync(join(app, 'src'));
    writeFileSync(
      join(app, 'src/app.js'),
      `import { check, Position } from 'cescacs';
window.result = { diagnostics: check(${JSON.stringify(GAME)}, { uri: ${JSON.stringify(uri)} }).diagnostics, from: Position.initial().legalMoves()[0].from };\n`,
    );
    const webpack = tools('webpack');
    const stats = await new Promise((done, fail) =>
      webpack({
        mode: 'development',
        devtool: false,
        target: 'web',
        context: app,
        entry: './src/app.js',
        output: { path: join(app, 'webpack'), filename: 'app.js' },
        resolve: { modules: [join(app, 'node_modules')] },
        performance: { hints: false },
      }).run((e, s) => (e ? fail(e) : done(s))),
    );
    assert.ok(!stats.hasErrors(), stats.toString('errors-only'));
    const esbuild = tools('esbuild');
    await esbuild.build({ absWorkingDir: app, entryPoints: ['src/app.js'], bundle: true, format: 'esm', platform: 'browser', outfile: 'esbuild/app.js', logLevel: 'silent' });
    // esbuild leaves `new URL('./cescacs_wasm_bg.wasm', import.meta.url)` as it is: the module
    // is served beside the bundle (the README says so).
    copyFileSync(join(app, 'node_modules/cescacs/cescacs_wasm_bg.wasm'), join(app, 'esbuild/cescacs_wasm_bg.wasm'));
    const page = '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>app</title><script type="module" src="app.js"></script>';
    const browser = await launch();
    try {
      for (const bundler of ['webpack', 'esbuild']) {
        const out = join(app, bundler);
        for (const file of readdirSync(out).filter((f) => f.endsWith('.js'))) {
          assert.doesNotMatch(readFileSync(join(out, file), 'utf8'), /["']node:/, `${bundler}: ${file} names a node: module`);
        }
        const server = await serve(out, page);
        const origin = `http://127.0.0.1:${server.address().port}`;
        const problems = [];
        try {
          const tab = await browser.newPage();
          watch(tab, origin, problems);
          await tab.goto(`${origin}/`);
          await tab.waitForFunction(() => window.result !== undefined, null, { timeout: 30_000 });
          const result = await tab.evaluate(() => window.result);
          assert.deepStrictEqual(result.diagnostics, diagnostics, bundler);
          assert.equal(result.from, 'A5', bundler);
        } finally {
          server.close();
        }
        assert.deepStrictEqual(problems, [], bundler);
      }
    } finally {
      await browser.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
