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
