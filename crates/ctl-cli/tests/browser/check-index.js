// Opens the index page of `cescacs html --split` made from inputs with hostile file names (a
// `javascript:` one among them) in Debian's chromium, clicks each of its links and checks that
// each leads to a page of the folder that exists, and that nothing asks for anything but the
// folder's own files (no request to a server, no script run by a link). Run by
// tests/html_browser.rs:
//   node check-index.js MANIFEST.json
// The manifest gives the index page, its folder, how many links it must have and a scratch
// folder. Prints one line per problem and exits 1 when there is any.
"use strict";
const { checker } = require("./chromium");

const { manifest, fail, ownFile, run } = checker();

(async () => {
  let clicked = 0;
  await run(manifest.scratch, async (context) => {
    const index = "file://" + manifest.index;
    const probe = await context.newPage();
    await probe.goto(index);
    const links = await probe.$$eval("a", (as) => as.map((a) => a.getAttribute("href")));
    await probe.close();
    if (links.length !== manifest.links) fail("index", `${links.length} links, not ${manifest.links}`);
    for (let i = 0; i < links.length; i++) {
      const where = `link ${i + 1} (${links[i]})`;
      const page = await context.newPage();
      page.on("request", (r) => {
        if (!ownFile(r.url())) fail(where, `request leaves the folder: ${r.url()}`);
      });
      page.on("pageerror", (e) => fail(where, `script error: ${e.message}`));
      await page.goto(index);
      await page.locator("a").nth(i).click();
      await page.waitForLoadState("load");
      // A link that runs a script (or goes nowhere) leaves the index where it was.
      await page.waitForTimeout(200);
      const landed = page.url();
      if (!ownFile(landed) || landed.split("#")[0] === index) {
        fail(where, `led to ${landed}, not to a page of the folder`);
      } else if (!(await page.title())) {
        fail(where, `led to ${landed}, a page without a title`);
      }
      clicked += 1;
      await page.close();
    }
  }, () => {
    return `${clicked} links of the index clicked`;
  });
})();
