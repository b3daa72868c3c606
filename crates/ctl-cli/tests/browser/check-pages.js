// Opens the pages of `cescacs html` in Debian's chromium (playwright-core, no browser download)
// and checks them as a reader would use them. Run by tests/html_browser.rs:
//   node check-pages.js MANIFEST.json
// The manifest (written by the Rust test) lists each page, the piece list of `cescacs board
// --svg --ply N` for every ply N of each game's main line, the annotated page, and where to put
// screenshots. Prints one line per problem and exits 1 when there is any.
"use strict";
const fs = require("fs");
const path = require("path");
const { checker } = require("./chromium");

const { manifest, fail, run } = checker();

// The pieces of the board shown: `HEX:LETTER` sorted, as the Rust test writes them.
const pieces = (page) => page.evaluate(() =>
  Array.from(document.querySelectorAll(".board svg:not([hidden]) g.pieces g.piece"))
    .map((g) => g.dataset.hex + ":" + g.dataset.piece).sort().join(" "));
const hash = (page) => page.evaluate(() => location.hash);
const blur = (page) => page.evaluate(() => document.activeElement && document.activeElement.blur());

/// A tab watching what its pages ask for and what they log; `tab.goto(file)` opens one.
async function tab(context, size) {
  const page = await context.newPage();
  if (size) await page.setViewportSize(size);
  let url = "", name = "";
  page.on("request", (r) => {
    if (r.url().split("#")[0] !== url) fail(name, `request leaves the file: ${r.url()}`);
  });
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") fail(name, `console ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => fail(name, `script error: ${e.message}`));
  page.open = async (file, fragment) => {
    url = "file://" + file;
    name = path.basename(file);
    await page.goto(url + (fragment || ""));
    return page;
  };
  return page;
}

/// Opens a page in a tab of its own.
async function open(context, file, fragment, size) {
  return (await tab(context, size)).open(file, fragment);
}

/// Steps through each game's main line with → and compares the board with `cescacs board`.
async function stepThrough(page, entry) {
  const name = path.basename(entry.path);
  await page.open(entry.path);
  for (const game of entry.games) {
    const where = `${name} game ${game.index + 1}`;
    if (entry.games.length > 1 || game.index > 0) {
      await page.selectOption("#picker", String(game.index));
      await blur(page);
    }
    if (game.boards.length === 0) continue;
    // Each step is a keydown of → dispatched in the page (one round trip for the whole line;
    // the annotated page below is driven with real key presses).
    const seen = await page.evaluate((count) => {
      const read = () => Array.from(document.querySelectorAll(".board svg:not([hidden]) g.pieces g.piece"))
        .map((g) => g.dataset.hex + ":" + g.dataset.piece).sort().join(" ");
      const out = [read()];
      for (let n = 1; n < count; n++) {
        document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
        out.push(read());
      }
      return out;
    }, game.boards.length);
    for (let n = 0; n < game.boards.length; n++) {
      if (seen[n] !== game.boards[n]) {
        fail(where, `board after ${n} steps differs from \`cescacs board --ply ${n}\`:\n  page  ${seen[n]}\n  board ${game.boards[n]}`);
        break;
      }
    }
    // One more step goes nowhere: the page has no position the replay does not.
    const before = await hash(page);
    await page.keyboard.press("ArrowRight");
    if ((await hash(page)) !== before) fail(where, `a step past ply ${game.boards.length - 1} moved to ${await hash(page)}`);
  }
}

/// The colour of the screenshot's pixel at (x, y), read back through a canvas.
async function pixels(context, png, points) {
  const page = await context.newPage();
  const out = await page.evaluate(async ({ data, points }) => {
    const img = new Image();
    img.src = "data:image/png;base64," + data;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = img.width;
    c.height = img.height;
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    return points.map(([x, y]) => Array.from(g.getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3)));
  }, { data: png.toString("base64"), points });
  await page.close();
  return out;
}

const hexRgb = (s) => [1, 3, 5].map((i) => parseInt(s.slice(i, i + 2), 16));
const near = (a, b, tolerance) => a.every((v, i) => Math.abs(v - b[i]) <= tolerance);

/// A point inside a hex of the visible board but off its piece disc, in page pixels.
const hexPoint = (page, hex) => page.evaluate((hex) => {
  const p = document.querySelector(`.board svg:not([hidden]) polygon.hex[data-hex="${hex}"]`);
  const r = p.getBoundingClientRect();
  return [r.left + r.width * 0.5 + r.width * 0.38, r.top + r.height * 0.5];
}, hex);

/// The spec's annotated example, by keyboard only, then its screenshots.
async function annotated(context, entry) {
  const name = path.basename(entry.path);
  const page = await open(context, entry.path, "", { width: 1200, height: 820 });
  const now = () => page.textContent("#now");
  // Steps, into a variation and out of it, with keys only.
  await page.keyboard.press("End");
  if (!(await hash(page)).startsWith("#g1-m6b")) fail(name, `End led to ${await hash(page)}`);
  await page.keyboard.press("Home");
  if ((await hash(page)) !== "#g1") fail(name, `Home led to ${await hash(page)}`);
  for (let i = 0; i < 7; i++) await page.keyboard.press("ArrowRight");
  if ((await hash(page)) !== "#g1-m4w") fail(name, `7 steps led to ${await hash(page)}`);
  await page.keyboard.press("ArrowDown");
  if ((await hash(page)) !== "#g1-v1m4w" || !(await now()).includes("GD2-F6")) fail(name, `↓ led to ${await hash(page)} (${await now()})`);
  const inVariation = await pieces(page);
  if (!inVariation.includes("F6:G")) fail(name, `the variation's board has no White G on F6: ${inVariation}`);
  await page.keyboard.press("ArrowUp");
  if ((await hash(page)) !== "#g1-m4w") fail(name, `↑ led to ${await hash(page)}`);
  // The current move is marked on the board: a hex of the to colour beside the piece.
  await page.evaluate(() => window.scrollTo(0, 0));
  const shot = await page.screenshot({ path: path.join(manifest.shots, "annotated.png") });
  const to = await hexPoint(page, "H8");
  const from = await hexPoint(page, "H4");
  const empty = await page.evaluate(() => {
    const occupied = new Set(Array.from(document.querySelectorAll(".board svg:not([hidden]) g.piece")).map((g) => g.dataset.hex));
    return Array.from(document.querySelectorAll(".board svg:not([hidden]) polygon.hex"))
      .filter((p) => !occupied.has(p.dataset.hex) && !p.classList.contains("from") && !p.classList.contains("to"))
      .filter((_, i) => i % 40 === 0)
      .map((p) => { const r = p.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2, p.getAttribute("fill")]; });
  });
  const current = await page.evaluate(() => { const r = document.querySelector("a.mv.current").getBoundingClientRect(); return [r.left + 3, r.top + 3]; });
  const got = await pixels(context, shot, [to, from, current].concat(empty.map((e) => [e[0], e[1]])));
  if (!near(got[0], hexRgb("#3fa7f5"), 40)) fail(name, `the destination hex H8 is ${got[0]} in the screenshot`);
  if (!near(got[1], hexRgb("#7cc4f8"), 40)) fail(name, `the origin hex H4 is ${got[1]} in the screenshot`);
  if (!near(got[2], hexRgb("#ffd54a"), 40)) fail(name, `the current move's mark is ${got[2]} in the screenshot`);
  empty.forEach((e, i) => {
    if (!near(got[3 + i], hexRgb(e[2]), 12)) fail(name, `an empty hex drawn ${e[2]} is ${got[3 + i]} in the screenshot`);
  });
  // A comment's hex reference, reached with Tab and pressed with Enter.
  let reached = false;
  for (let i = 0; i < 120 && !reached; i++) {
    await page.keyboard.press("Tab");
    reached = await page.evaluate(() => document.activeElement.classList.contains("hexref"));
  }
  if (!reached) fail(name, "no hex reference reached with Tab");
  const hex = await page.evaluate(() => document.activeElement.dataset.hex);
  await page.keyboard.press("Enter");
  const marked = await page.evaluate(() => Array.from(document.querySelectorAll(".board svg:not([hidden]) polygon.hex.ref")).map((p) => p.dataset.hex));
  if (marked.join() !== hex) fail(name, `Enter on the reference to ${hex} highlighted [${marked}]`);
  const shown = await page.evaluate(() => {
    const at = document.activeElement.closest("p.comment").dataset.at;
    return [at, document.querySelector(".game:not([hidden]) a.mv.current").dataset.n];
  });
  if (shown[0] !== shown[1]) fail(name, `the reference's comment stands at node ${shown[0]}, the board shows ${shown[1]}`);
  // A move reached with Tab and opened with Enter, then stepped from with the keys.
  reached = false;
  for (let i = 0; i < 120 && !reached; i++) {
    await page.keyboard.press("Tab");
    reached = await page.evaluate(() => document.activeElement.matches("a.mv") && document.activeElement.closest(".var") !== null);
  }
  if (!reached) fail(name, "no move of a variation reached with Tab");
  const target = await page.evaluate(() => document.activeElement.getAttribute("href"));
  await page.keyboard.press("Enter");
  if ((await hash(page)) !== target) fail(name, `Enter on a variation's move led to ${await hash(page)}, not ${target}`);
  // The PDTL of the position, copied with its button.
  await page.click("#copy");
  await page.waitForFunction(() => document.getElementById("copy").textContent === "Copied", null, { timeout: 5000 })
    .catch(() => fail(name, "the Copy button did not say it copied"));
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  if (copied !== (await page.inputValue("#pdtl"))) fail(name, `Copy put ${JSON.stringify(copied)} on the clipboard`);
  // The app's PDTL of the same position, copied with its own button.
  await page.click("#copy-app");
  await page.waitForFunction(() => document.getElementById("copy-app").textContent === "Copied", null, { timeout: 5000 })
    .catch(() => fail(name, "the app PDTL's Copy button did not say it copied"));
  const copiedApp = await page.evaluate(() => navigator.clipboard.readText());
  if (copiedApp !== (await page.inputValue("#app-pdtl")) || copiedApp === "") fail(name, `Copy put ${JSON.stringify(copiedApp)} on the clipboard, not the app PDTL`);
  // Flip keeps the pieces, on the other picture.
  const upright = await pieces(page);
  await page.click('button[data-go="flip"]');
  const flipped = await page.evaluate(() => document.querySelector(".board svg:not([hidden])").classList.contains("flipped"));
  if (!flipped || (await pieces(page)) !== upright) fail(name, "Flip did not show the same position turned");
  await page.click('button[data-go="flip"]');
  // `f` flips too, and `?` shows and hides the list of the keys.
  await blur(page);
  await page.keyboard.press("f");
  const byKey = await page.evaluate(() => [document.querySelector(".board svg:not([hidden])").classList.contains("flipped"), document.querySelector('button[data-go="flip"]').getAttribute("aria-pressed")]);
  if (byKey[0] !== true || byKey[1] !== "true") fail(name, `f did not flip the board: ${byKey}`);
  await page.keyboard.press("f");
  if (await page.evaluate(() => document.querySelector(".board svg:not([hidden])").classList.contains("flipped"))) fail(name, "f again did not turn the board back");
  const keyList = () => page.evaluate(() => { const k = document.getElementById("keys"); return k.getBoundingClientRect().height > 0 && !k.hidden; });
  if (await keyList()) fail(name, "the list of the keys is shown before ?");
  await page.keyboard.press("?");
  if (!(await keyList()) || !(await page.textContent("#keys")).includes("flip")) fail(name, "? did not show the list of the keys");
  await page.keyboard.press("?");
  if (await keyList()) fail(name, "? again did not hide the list of the keys");
  // The King in check glows red on its hex: White's King on G1 after Black's mate (the end of
  // the main line: from the start).
  await page.keyboard.press("Home");
  await page.keyboard.press("End");
  const glow = await page.evaluate(() => Array.from(document.querySelectorAll(".board svg:not([hidden]) circle.check")).map((c) => c.dataset.hex));
  if (glow.join() !== "G1") fail(name, `the mated King's hex is not marked: [${glow}]`);
  const shotMate = await page.screenshot({ path: path.join(manifest.shots, "mate.png") });
  const ring = await page.evaluate(() => {
    const p = document.querySelector('.board svg:not([hidden]) polygon.hex[data-hex="G1"]').getBoundingClientRect();
    // Twelve points around the centre, between the King's disc and the hex's edge.
    return Array.from({ length: 12 }, (_, k) => [p.left + p.width * (0.5 + 0.41 * Math.cos(k * Math.PI / 6)), p.top + p.height * (0.5 + 0.41 * Math.sin(k * Math.PI / 6))]);
  });
  const around = await pixels(context, shotMate, ring);
  const red = around.filter((c) => c[0] - Math.max(c[1], c[2]) > 80);
  if (red.length < 4) fail(name, `the mated King's hex shows no red glow in the screenshot: ${JSON.stringify(around)}`);
  await page.keyboard.press("Home");
  if (await page.evaluate(() => document.querySelectorAll(".board svg circle.check").length)) fail(name, "the start position marks a King in check");
  for (let i = 0; i < 7; i++) await page.keyboard.press("ArrowRight");
  // A phone-sized window: the board fits its width.
  await page.setViewportSize({ width: 390, height: 844 });
  const fits = await page.evaluate(() => document.querySelector(".board svg:not([hidden])").getBoundingClientRect().right <= window.innerWidth);
  if (!fits) fail(name, "the board is wider than a 390 px window");
  await page.screenshot({ path: path.join(manifest.shots, "narrow.png") });
  // Printing: one diagram per commented position, the controls hidden.
  await page.emulateMedia({ media: "print" });
  await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
  const printed = await page.evaluate(() => ({
    boards: document.querySelectorAll(".print-board svg g.piece").length > 0 ? document.querySelectorAll(".print-board").length : 0,
    viewer: getComputedStyle(document.querySelector(".viewer")).display,
  }));
  if (printed.boards < 5 || printed.viewer !== "none") fail(name, `print view: ${JSON.stringify(printed)}`);
  await page.close();
  // The URL fragment opens the page at that move.
  const linked = await open(context, entry.path, "#g1-m5b", { width: 1200, height: 820 });
  if (!(await linked.textContent("#now")).includes("NL17-G9")) fail(name, `#g1-m5b opened at ${await linked.textContent("#now")}`);
  if ((await pieces(linked)) !== entry.games[0].boards[10]) fail(name, "#g1-m5b shows another board than ply 10");
  await linked.close();
  // A malformed fragment is no move: the page opens at the start, its script unbroken (a
  // URIError would be a page error, which fails the run).
  for (const bad of ["#%", "#%E0%A4%A", "#g1-m5b%"]) {
    const odd = await open(context, entry.path, bad, { width: 1200, height: 820 });
    await odd.keyboard.press("ArrowRight");
    if ((await hash(odd)) !== "#g1-m1w") fail(name, `${bad}, then →, led to ${await hash(odd)}`);
    await odd.close();
  }
}

/// A 400 px window: stepping through a long game keeps the board and the current move in view.
async function narrow(context, entry) {
  const name = path.basename(entry.path) + " at 400 px";
  const page = await open(context, entry.path, "", { width: 400, height: 800 });
  const plies = entry.games[0].boards.length - 1;
  let scrolled = 0;
  for (let i = 1; i <= plies; i++) {
    await page.keyboard.press("ArrowRight");
    if (i % 8 !== 0 && i !== plies) continue;
    const seen = await page.evaluate(() => {
      const b = document.querySelector(".board svg:not([hidden])").getBoundingClientRect();
      const v = document.querySelector(".viewer").getBoundingClientRect();
      const m = document.querySelector(".game:not([hidden]) a.mv.current").getBoundingClientRect();
      return { board: [b.top, b.bottom], viewer: v.bottom, move: [m.top, m.bottom], height: window.innerHeight, y: window.scrollY };
    });
    scrolled = Math.max(scrolled, seen.y);
    if (seen.board[0] < -1 || seen.board[1] > seen.height + 1) fail(name, `after ${i} steps the board is out of the window: ${JSON.stringify(seen)}`);
    if (seen.move[0] < seen.viewer - 1 || seen.move[1] > seen.height + 1) fail(name, `after ${i} steps the current move is hidden: ${JSON.stringify(seen)}`);
  }
  if (scrolled === 0) fail(name, `${plies} steps never scrolled the moves: the test saw nothing`);
  await page.screenshot({ path: path.join(manifest.shots, "narrow-steps.png") });
  await page.close();
}

/// The warnings of a page can be hidden (and shown again); a page without any offers no switch.
async function warnings(context, withWarnings, without) {
  const name = path.basename(withWarnings.path);
  const page = await open(context, withWarnings.path, "", { width: 1200, height: 820 });
  const shown = () => page.evaluate(() => Array.from(document.querySelectorAll(".note")).map((n) => (n.classList.contains("warning") ? "w" : "e") + (n.getClientRects().length > 0 ? "+" : "-")).sort().join(""));
  // The notes of the games not shown are hidden with their game: count those of the first game.
  await page.evaluate(() => { document.querySelectorAll("section.game").forEach((s) => { s.hidden = false; }); });
  const before = await shown();
  if (!before.includes("w+")) fail(name, `no warning shown: ${before}`);
  await page.click('input[data-toggle="warnings"]');
  const after = await shown();
  if (after.includes("w+") || after.replace(/w-/g, "") !== before.replace(/w\+/g, "")) fail(name, `unticking the switch left ${after} (before ${before})`);
  await page.click('input[data-toggle="warnings"]');
  if ((await shown()) !== before) fail(name, "ticking the switch again did not show the warnings");
  await page.close();
  const clean = await open(context, without.path, "", { width: 1200, height: 820 });
  const offered = await clean.evaluate(() => document.querySelector('input[data-toggle="warnings"]').getClientRects().length > 0);
  if (offered) fail(path.basename(without.path), "a page without warnings offers to hide them");
  await clean.close();
}

/// A comment's move reference (`#14@B` and the like) jumps to that move.
async function references(context, entry) {
  const name = path.basename(entry.path);
  const page = await open(context, entry.path);
  const links = await page.$$eval("a.moveref", (as) => as.map((a) => [a.textContent, a.getAttribute("href")]));
  if (links.length < 5) fail(name, `only ${links.length} move references are links`);
  for (const [text, href] of links) {
    await page.click(`a.moveref[href="${href}"] >> nth=0`);
    const current = await page.evaluate(() => { const a = document.querySelector(".game:not([hidden]) a.mv.current"); return a && a.getAttribute("href"); });
    if ((await hash(page)) !== href || current !== href) fail(name, `${text} led to ${await hash(page)}, current move ${current}`);
  }
  await page.close();
}

(async () => {
  const started = Date.now();
  await run(manifest.shots, async (context) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const stepper = await tab(context);
    for (const entry of manifest.pages) await stepThrough(stepper, entry);
    await stepper.close();
    await annotated(context, manifest.annotated);
    await references(context, manifest.references);
    // The longest main line of the corpus, stepped through in a narrow window.
    const long = manifest.pages.filter((p) => p.games.length > 0 && p.games[0].index === 0)
      .reduce((a, b) => (b.games[0].boards.length > a.games[0].boards.length ? b : a));
    await narrow(context, long);
    const html = (p) => fs.readFileSync(p.path, "utf8");
    const warned = manifest.pages.find((p) => html(p).includes('class="note warning"') && html(p).includes('class="note error"'));
    const calm = manifest.pages.find((p) => p.games.length > 0 && !html(p).includes('class="note warning"'));
    if (warned && calm) await warnings(context, warned, calm);
    else fail("corpus", "no page with both warnings and errors, or none without warnings");
  }, () => {
    const steps = manifest.pages.reduce((s, p) => s + p.games.reduce((t, g) => t + g.boards.length, 0), 0);
    return `${manifest.pages.length} pages, ${steps} boards compared, ${((Date.now() - started) / 1000).toFixed(1)} s`;
  });
})();
