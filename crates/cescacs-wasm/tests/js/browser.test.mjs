// The npm package in a browser with no bundler: a page served by a plain static server imports
// index.js, and every function answers as in node. Debian's chromium through playwright-core
// (installed by `npm ci` in crates/ctl-cli/tests/browser, as for the `cescacs html` browser
// test); skipped when either is missing, unless CI is set (then it fails).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const packageDir = process.env.CESCACS_NPM_DIR ?? join(root, 'target/npm/cescacs');
const chromiumPath = '/usr/bin/chromium';
const browserTests = join(root, 'crates/ctl-cli/tests/browser/package.json');

let chromium = null;
try {
  chromium = createRequire(browserTests)('playwright-core').chromium;
} catch {
  chromium = null;
}
const missing = !existsSync(chromiumPath) ? chromiumPath : chromium ? null : 'playwright-core';
if (missing && process.env.CI) throw new Error(`${missing} is missing: the browser test cannot run`);

const GAME = '[Variant "C\'escacs"]\n1. E7-E13, E21-E15\n2. EE5-E11: *\n';
const PAGE = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>cescacs</title><body><script type="module">
const cescacs = await import('./index.js');
const checked = cescacs.check(${JSON.stringify(GAME)});
document.body.innerHTML = cescacs.boardSvg('start');
window.result = {
  codes: checked.diagnostics.map((d) => d.code),
  summary: checked.summary,
  legal: cescacs.legalMoves('start').length,
  formatted: cescacs.format('[Variant "C\\'escacs"] 1. E7-E13: *'),
  svg: document.querySelectorAll('svg').length,
};
</script>`;

const TYPES = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };

/** A static file server of the package, with the test page at `/`. */
function serve() {
  const server = createServer((request, response) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === '/') {
      response.writeHead(200, { 'content-type': TYPES['.html'] }).end(PAGE);
      return;
    }
    const file = normalize(join(packageDir, path));
    if (!file.startsWith(packageDir) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

test('the package works in a browser page without a bundler', { skip: missing ? `${missing} is missing` : false }, async () => {
  const cescacs = await import(pathToFileURL(join(packageDir, 'index.js')).href);
  const server = await serve();
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const problems = [];
  try {
    const page = await browser.newPage();
    page.on('request', (r) => {
      if (!r.url().startsWith(origin)) problems.push(`request leaves the server: ${r.url()}`);
    });
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`script error: ${e.message}`));
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => window.result !== undefined, null, { timeout: 30_000 });
    const result = await page.evaluate(() => window.result);
    const node = cescacs.check(GAME);
    assert.deepStrictEqual(result.codes, node.diagnostics.map((d) => d.code));
    assert.deepStrictEqual(result.summary, node.summary);
    assert.equal(result.legal, 68);
    assert.equal(result.formatted, cescacs.format('[Variant "C\'escacs"] 1. E7-E13: *'));
    assert.equal(result.svg, 1);
  } finally {
    await browser.close();
    server.close();
  }
  assert.deepStrictEqual(problems, []);
});
