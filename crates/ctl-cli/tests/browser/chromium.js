// Debian's chromium through playwright-core, as every browser test here starts it: headless, no
// network of its own, a fresh profile in `userData` (no browser download step).
"use strict";
const { chromium } = require("playwright-core");

const FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

/// A browser context with its profile in the folder `userData`.
exports.launch = (userData) =>
  chromium.launchPersistentContext(userData, {
    executablePath: "/usr/bin/chromium",
    args: FLAGS,
    headless: true,
  });

/// What every check script here shares: the manifest named by its argument; `fail(where, what)`,
/// a problem; `ownFile(url)`, the file a `file:` URL names when it is one of the folder
/// `manifest.dir`'s own files (else null); and `run(scratch, body, summary)`: `body(context)`
/// in chromium with a fresh profile under `scratch` (a throw is a problem too), then
/// `summary()`'s line and one line per problem, exiting 1 when there is any.
exports.checker = () => {
  const fs = require("fs");
  const path = require("path");
  const manifest = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
  const problems = [];
  const fail = (where, what) => problems.push(`${where}: ${what}`);
  const ownFile = (url) => {
    if (!url.startsWith("file://")) return null;
    const file = decodeURIComponent(new URL(url).pathname);
    return path.dirname(file) === manifest.dir && fs.existsSync(file) ? file : null;
  };
  const run = async (scratch, body, summary) => {
    const userData = fs.mkdtempSync(path.join(scratch, "profile-"));
    const context = await exports.launch(userData);
    try {
      await body(context);
    } catch (e) {
      fail("browser", e.stack || String(e));
    } finally {
      await context.close();
      fs.rmSync(userData, { recursive: true, force: true });
    }
    console.log(summary());
    for (const p of problems) console.log("PROBLEM " + p);
    process.exit(problems.length ? 1 : 0);
  };
  return { manifest, fail, ownFile, run };
};
