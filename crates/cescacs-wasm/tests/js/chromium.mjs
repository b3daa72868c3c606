// What the browser tests of this folder share (browser.test.mjs, playground.test.mjs): Debian's
// chromium driven by playwright-core (installed by `npm ci` in crates/ctl-cli/tests/browser, as
// for the `cescacs html` browser test), a plain static file server on 127.0.0.1, and a page
// watched for requests leaving that server, console errors and script errors.
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root. */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

const chromiumPath = '/usr/bin/chromium';

let playwright = null;
try {
  playwright = createRequire(join(root, 'crates/ctl-cli/tests/browser/package.json'))('playwright-core').chromium;
} catch {
  playwright = null;
}

/** What is missing to run chromium (null: nothing). */
export const missing = !existsSync(chromiumPath) ? chromiumPath : playwright ? null : 'playwright-core';

const TYPES = {
  '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html', '.css': 'text/css',
  '.json': 'application/json', '.md': 'text/markdown', '.ts': 'text/plain',
};

/** A static file server of the folder `dir` on 127.0.0.1 (`index`, if given, is the page at `/`). */
export function serve(dir, index) {
  const server = createServer((request, response) => {
    let path;
    try {
      path = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
    } catch {
      response.writeHead(400).end();
      return;
    }
    if (path === '/' && index !== undefined) {
      response.writeHead(200, { 'content-type': TYPES['.html'] }).end(index);
      return;
    }
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(dir, path));
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

/** Debian's chromium, headless, with nothing of its own going out. */
export function launch() {
  return playwright.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Adds to `problems` each request of `page` that leaves `origin`, console error or warning, and script error. */
export function watch(page, origin, problems) {
  page.on('request', (r) => {
    if (!r.url().startsWith(`${origin}/`)) problems.push(`request leaves the server: ${r.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`script error: ${e.message}`));
}
