// The npm package in a browser with no bundler: a page served by a plain static server imports
// browser.js, and every function answers as in node. Debian's chromium through playwright-core
// (installed by `npm ci` in crates/ctl-cli/tests/browser, as for the `cescacs html` browser
// test); skipped when either is missing, unless CI is set (then it fails).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch, missing, root, serve, watch } from './chromium.mjs';

const packageDir = process.env.CESCACS_NPM_DIR ?? join(root, 'target/npm/cescacs');
if (missing && process.env.CI) throw new Error(`${missing} is missing: the browser test cannot run`);

const GAME = '[Variant "C\'escacs"]\n1. E7-E13, E21-E15\n2. EE5-E11: *\n';
const PAGE = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>cescacs</title><body><script type="module">
const cescacs = await import('./browser.js');
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

test('the package works in a browser page without a bundler', { skip: missing ? `${missing} is missing` : false }, async () => {
  const cescacs = await import(pathToFileURL(join(packageDir, 'index.js')).href);
  const server = await serve(packageDir, PAGE);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await launch();
  const problems = [];
  try {
    const page = await browser.newPage();
    watch(page, origin, problems);
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
