// Opens the site of `cescacs html --split` over a collection of thousands of games in Debian's
// chromium and uses it as a reader would: the index lists every game, its search keeps the
// rows that hold every word, its columns sort both ways; a sample of its links is clicked, each
// game page mounts its viewer (the board drawn by the shared script, the positions inflated),
// steps with →, and leads to the next page and back to the index; the standings and the opening
// tree open, the tree's links to games lead to them; at a phone's width nothing is wider than
// the screen; nothing asks for anything but the folder's own files, and no script fails. The
// links of every page are checked by file existence in tests/html_browser.rs. Run by it:
//   node check-site.js MANIFEST.json
// The manifest gives the folder, its index, how many rows it has, a search and how many rows
// it keeps, how many events the standings have, the rows to click, and a scratch folder.
// Prints one line per problem and exits 1 when there is any.
"use strict";
const path = require("path");
const { checker } = require("./chromium");

const { manifest, fail, ownFile, run } = checker();

/// A tab that reports what leaves the folder and what fails.
async function tab(context, where, size) {
  const page = await context.newPage();
  if (size) await page.setViewportSize(size);
  page.on("request", (r) => {
    if (!ownFile(r.url())) fail(where, `request leaves the folder: ${r.url()}`);
  });
  page.on("console", (m) => {
    if (m.type() === "error") fail(where, `console error: ${m.text()}`);
  });
  page.on("pageerror", (e) => fail(where, `script error: ${e.message}`));
  return page;
}

/// Waits until the page's viewer is mounted, and gives what it shows.
async function mounted(page, where) {
  try {
    await page.waitForFunction(() => document.documentElement.dataset.mounted === "true", null, { timeout: 10000 });
  } catch (e) {
    fail(where, `the viewer did not mount (${page.url()})`);
    return null;
  }
  return page.evaluate(() => ({
    now: document.getElementById("now").textContent,
    pieces: document.querySelectorAll(".board svg:not([hidden]) g.pieces g.piece").length,
  }));
}

const column = (page, n) =>
  page.$$eval(`table.games tbody tr:not([hidden]) td:nth-child(${n})`, (tds) => tds.map((td) => td.textContent));
const narrow = (page) => page.evaluate(() => document.documentElement.scrollWidth);

(async () => {
  let clicked = 0;
  await run(manifest.scratch, async (context) => {
    const index = "file://" + manifest.index;
    const page = await tab(context, "index");
    await page.goto(index);
    const rows = await page.locator("table.games tbody tr").count();
    if (rows !== manifest.rows) fail("index", `${rows} rows, not ${manifest.rows}`);
    const shown = async () => Number(await page.locator("#shown").textContent());
    if ((await shown()) !== manifest.rows) fail("index", `says ${await shown()} shown, not ${manifest.rows}`);
    // The search keeps the rows that hold every word, in any case.
    await page.fill("#search", manifest.query.toUpperCase());
    if ((await shown()) !== manifest.queryRows) fail("search", `${manifest.query}: ${await shown()} rows, not ${manifest.queryRows}`);
    const visible = await page.locator("table.games tbody tr:not([hidden])").count();
    if (visible !== manifest.queryRows) fail("search", `${visible} rows visible, not ${manifest.queryRows}`);
    const events = await column(page, 4);
    if (!events.every((e) => e.toLowerCase().includes(manifest.query.toLowerCase()))) fail("search", "a row without the words");
    await page.fill("#search", "");
    if ((await shown()) !== manifest.rows) fail("search", "emptied, not every row back");
    // Plies sort up, then down; the games' order comes back with the first column.
    const sorted = (values, up) => values.every((v, i) => i === 0 || (up ? values[i - 1] <= v : values[i - 1] >= v));
    await page.click('th[data-column="7"] button');
    const up = (await column(page, 8)).map(Number);
    if (!sorted(up, true)) fail("sort", "plies not ascending");
    await page.click('th[data-column="7"] button');
    const down = (await column(page, 8)).map(Number);
    if (!sorted(down, false)) fail("sort", "plies not descending");
    await page.click('th[data-column="5"] button');
    if (!sorted(await column(page, 6), true)) fail("sort", "dates not ascending");
    await page.click('th[data-column="0"] button');
    const order = await page.$$eval("table.games tbody tr td:first-child", (tds) => tds.map((td) => Number(td.dataset.sort)));
    if (!sorted(order, true)) fail("sort", "the collection's order is not back");
    // At a phone's width the index is cards: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    if ((await narrow(page)) > 390) fail("index", `${await narrow(page)} px wide at 390 px`);
    await page.close();

    // A sample of the games: each page mounts, steps, leads on and back.
    for (const row of manifest.samples) {
      const where = `row ${row + 1}`;
      const game = await tab(context, where, row % 2 ? { width: 390, height: 844 } : null);
      await game.goto(index);
      await game.locator("table.games tbody tr").nth(row).locator("a").click();
      await game.waitForLoadState("load");
      if (!ownFile(game.url())) {
        fail(where, `led to ${game.url()}`);
        await game.close();
        continue;
      }
      const start = await mounted(game, where);
      if (start && (start.pieces < 10 || start.now !== "Start position")) fail(where, `shows ${JSON.stringify(start)}`);
      await game.keyboard.press("ArrowRight");
      const after = await game.evaluate(() => document.getElementById("now").textContent);
      if (!after.startsWith("After ")) fail(where, `after → it says "${after}"`);
      if (row % 2 && (await narrow(game)) > 390) fail(where, `${await narrow(game)} px wide at 390 px`);
      const next = game.locator('nav.site a[rel="next"]');
      if (row + 1 < manifest.rows) {
        const before = game.url();
        await next.click();
        await game.waitForLoadState("load");
        if (game.url() === before || !ownFile(game.url())) fail(where, `Next led to ${game.url()}`);
        await mounted(game, `${where}, next`);
        const back = game.locator('nav.site a[rel="prev"]');
        await back.click();
        await game.waitForLoadState("load");
        if (game.url().split("#")[0] !== before.split("#")[0]) fail(where, `Previous led to ${game.url()}, not back`);
      }
      await game.locator("nav.site a", { hasText: "Games" }).click();
      await game.waitForLoadState("load");
      if (game.url() !== index) fail(where, `the index link led to ${game.url()}`);
      clicked += 1;
      await game.close();
    }

    // The standings: a table per event, no wider than a phone (a wide grid scrolls inside).
    const standings = await tab(context, "standings", { width: 390, height: 844 });
    await standings.goto("file://" + path.join(manifest.dir, "standings.html"));
    const tables = await standings.locator("table.crosstable").count();
    if (tables !== manifest.events) fail("standings", `${tables} tables, not ${manifest.events}`);
    if ((await narrow(standings)) > 390) fail("standings", `${await narrow(standings)} px wide at 390 px`);
    await standings.close();

    // The opening tree: a move played in several games opens; a move of one game leads to it.
    const tree = await tab(context, "tree");
    await tree.goto("file://" + path.join(manifest.dir, "tree.html"));
    const first = tree.locator("ul.tree > li > details > summary").first();
    await first.click();
    const open = await tree.locator("ul.tree > li > details[open] ul li").count();
    if (open === 0) fail("tree", "the first move does not open onto the moves after it");
    const link = tree.locator("ul.tree a").first();
    if ((await link.count()) === 0) {
      fail("tree", "no move links to its game");
    } else {
      // A link in a closed branch: shown by opening its branches.
      await tree.evaluate(() => document.querySelectorAll("ul.tree details").forEach((d) => { d.open = true; }));
      await link.click();
      await tree.waitForLoadState("load");
      if (!ownFile(tree.url())) fail("tree", `a game's link led to ${tree.url()}`);
      else await mounted(tree, "tree's game");
    }
    await tree.close();
  }, () => {
    return `${clicked} games of the index opened`;
  });
})();
