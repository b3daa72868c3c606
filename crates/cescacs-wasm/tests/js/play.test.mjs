// Playing in the playground (target/playground, `cargo xtask playground`), in Debian's chromium
// through playwright-core as playground.test.mjs does, at a desktop size and at a phone's
// (390×844): a game entered by clicking its hexes (and the chooser's moves) from an empty editor
// is the game; a move at an earlier ply is a variation; Share gives an address that opens the
// same text; a reload keeps the text and the settings; Flip survives typing; Ctrl+Z and
// Ctrl+Shift+Z undo and redo Format, a quick fix and a move played; a file opened shows its first
// game, and the picker the others; the help explains the pieces and the moves; on a phone the
// board is at least 360 px wide, the editor at least 40% of the height, and every button can be
// reached. Skipped when chromium or playwright-core is missing, unless CI is set (then it fails).
// CESCACS_PLAY_SHOTS=DIR also writes the screenshots of docs/PLAYGROUND.md
// (playground-play-desktop.png, playground-play-phone.png) into DIR.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch, missing as noBrowser, root, serve, watch } from './chromium.mjs';

const site = process.env.CESCACS_PLAYGROUND_DIR ?? join(root, 'target/playground');
const missing = noBrowser ?? (existsSync(join(site, 'index.html')) ? null : `${site} (cargo xtask playground)`);
if (missing && process.env.CI) throw new Error(`${missing} is missing: the playground test cannot run`);

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const BOARD = '#view .board svg:not([hidden])';
// The game played by clicks: a real one, with captures, en passant and a King's move.
const GAME = join(root, 'corpus/valid/spec-A0001-43.ctl-pgn');
const PLIES = 30;

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`the playground is played on by clicks, shared, kept and undone: ${size}`, { skip: missing ? `${missing} is missing` : false, timeout: 600_000 }, async () => {
    const cescacs = await import(pathToFileURL(join(site, 'cescacs/index.js')).href);
    const server = await serve(site);
    const origin = `http://127.0.0.1:${server.address().port}`;
    const browser = await launch();
    const problems = [];
    const phone = size === 'phone';
    try {
      const context = await browser.newContext({ viewport, hasTouch: phone, isMobile: phone });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
      const page = await context.newPage();
      watch(page, origin, problems);
      await page.goto(`${origin}/`);
      await page.waitForSelector('html[data-ready]', { timeout: 30_000 });
      const value = () => page.inputValue('#text');
      const now = () => page.textContent('#now');
      const codes = () => page.$$eval('#problems li', (lis) => lis.map((li) => li.dataset.code));
      const settled = () => page.waitForFunction(() => window.playground.upToDate);
      // The text replaced as a paste would, and its check waited for.
      const edit = async (text) => {
        const n = await page.evaluate(() => window.playground.checks);
        await page.fill('#text', text);
        await page.waitForFunction((k) => window.playground.checks > k && window.playground.upToDate, n);
      };
      const hex = (h) => page.click(`${BOARD} polygon.hex[data-hex="${h}"]`);
      // The viewer on the line's last position (End, unless it is there already).
      const toEnd = () => page.$eval('#view button[data-go="end"]', (b) => b.disabled || b.click());
      const flipped = () => page.evaluate((b) => document.querySelector(b).classList.contains('flipped'), BOARD);

      // The sample opens clean.
      assert.deepEqual(await codes(), []);

      // The layout: on a phone, the board as wide as the screen, the editor 40% of its height,
      // every button on the screen when scrolled to (nothing cut off at the sides).
      const board = await page.locator(BOARD).boundingBox();
      const editor = await page.locator('#editor').boundingBox();
      if (phone) {
        assert.ok(board.width >= 360, `board ${board.width} px wide`);
        assert.ok(editor.height >= 0.4 * viewport.height, `editor ${editor.height} px high`);
      } else {
        assert.ok(board.width >= 300 && editor.height >= 0.4 * viewport.height, `${board.width}, ${editor.height}`);
      }
      const buttons = page.locator('header button, header label.open, header select, #view .controls button, #view .options button, #view .pdtl button');
      for (let i = 0; i < (await buttons.count()); i++) {
        const b = buttons.nth(i);
        if (!(await b.isVisible())) continue;
        await b.scrollIntoViewIfNeeded();
        const box = await b.boundingBox();
        const name = await b.evaluate((e) => e.id || e.textContent.trim());
        assert.ok(box.x >= 0 && box.x + box.width <= viewport.width && box.width >= 24 && box.height >= 24, `${name}: ${JSON.stringify(box)}`);
        const hit = await b.evaluate((e) => {
          const r = e.getBoundingClientRect();
          const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return at === e || e.contains(at) || (at && at.closest('label') === e);
        });
        assert.ok(hit, `${name} is covered`);
      }
      await page.evaluate(() => window.scrollTo(0, 0));

      // The help: the pieces with their letters and symbols, how to read a move.
      await page.click('#view button[data-go="help"]');
      assert.ok(await page.isVisible('#help'));
      const help = await page.textContent('#help');
      for (const word of ['Pegasus', 'Wyvern', 'Elephant', 'GH6×RI3+^', 'KRK-HIO', '♔']) assert.ok(help.includes(word), word);
      await page.click('#view button[data-go="help"]');
      assert.ok(!(await page.isVisible('#help')));

      // A game entered by clicks from an empty editor: FROM, then TO, then the chooser's move
      // where several moves go from one hex to another.
      await edit('');
      const source = cescacs.replay(readFileSync(GAME, 'utf8'))[0].main.plies.slice(0, PLIES);
      let before = 'start';
      for (const ply of source) {
        const moves = cescacs.moves(before);
        const m = moves.find((x) => x.text === ply.move);
        assert.ok(m, `${ply.number} ${ply.move} among the moves of ${before}`);
        await hex(m.from);
        assert.ok(await page.$(`${BOARD} polygon.hex[data-hex="${m.to}"][data-target]`), `${m.to} a target of ${m.from}`);
        await hex(m.to);
        if (moves.filter((x) => x.from === m.from && x.to === m.to).length > 1) {
          await page.click(`[data-move="${m.text}"]`);
        }
        await settled();
        before = ply.pdtl;
      }
      const played = cescacs.replay(await value())[0].main.plies.map((p) => p.move.replace(/ :$/, ''));
      assert.deepEqual(played, source.map((p) => p.move));
      assert.deepEqual(await codes(), []);
      assert.equal(await value(), cescacs.format(await value()));
      assert.match(await now(), new RegExp(`After ${PLIES / 2}\\. …, ${source[PLIES - 1].move}`));

      // A move at an earlier ply: a variation there; Ctrl+Z takes it back, Ctrl+Shift+Z again.
      const game = await value();
      await page.click('#view button[data-go="home"]');
      await hex('F8');
      await hex('F12');
      await settled();
      const varied = await value();
      assert.ok(varied.includes('\n(1. F8-F12)\n'), varied);
      assert.match(await now(), /After 1\. F8-F12/);
      await page.keyboard.press('Control+z');
      await settled();
      assert.equal(await value(), game);
      await page.keyboard.press('Control+Shift+z');
      await settled();
      assert.equal(await value(), varied);

      // A chooser: from G1 to H6 go the King's leap and two castlings.
      await edit('[Variant "C\'escacs"]\n\n1. H6-H12, A23-T22\n2. I5-I9, H22-I21 :\n*\n');
      await toEnd();
      await hex('G1');
      await hex('H6');
      const offered = await page.$$eval('.chooser [data-move]', (bs) => bs.map((b) => b.dataset.move));
      assert.deepEqual(offered, ['KG1-H6', 'KRK-HIO', 'KRK-HIOO']);
      await page.click('[data-move="KRK-HIOO"]');
      await settled();
      assert.ok((await value()).includes('3. KRK-HIOO :\n*\n'), await value());

      // Flip survives typing: the board stays turned while the viewer follows the edits.
      await page.click('#view button[data-go="flip"]');
      assert.ok(await flipped());
      await page.focus('#text');
      await page.keyboard.press('Control+End');
      const n = await page.evaluate(() => window.playground.checks);
      await page.keyboard.type(' ');
      await page.waitForFunction((k) => window.playground.checks > k && window.playground.upToDate, n);
      assert.ok(await flipped(), 'the board turned back upright after typing');
      assert.equal(await page.getAttribute('#view button[data-go="flip"]', 'aria-pressed'), 'true');

      // Format, then Ctrl+Z (the focus on the button): the text before it; Ctrl+Shift+Z: again.
      const loose = '[Variant "C\'escacs"]   1.E7-E13,E21-E15 2. F8-F12 :*';
      await edit(loose);
      await page.click('#format');
      const formatted = cescacs.format(loose);
      assert.equal(await value(), formatted);
      await page.keyboard.press('Control+z');
      await settled();
      assert.equal(await value(), loose);
      await page.keyboard.press('Control+Shift+z');
      await settled();
      assert.equal(await value(), formatted);
      // In the editor too, and with the buttons.
      await page.focus('#text');
      await page.keyboard.press('Control+z');
      await settled();
      assert.equal(await value(), loose);
      await page.click('#redo');
      await settled();
      assert.equal(await value(), formatted);

      // A quick fix says what it does, and is one step of undo.
      const colonless = '[Variant "C\'escacs"]\n\n1. E7-E13 :\n{ @W opens }\n*\n';
      await edit(colonless);
      assert.equal(await page.textContent('#problems li[data-code="W0205"] button.fix'), 'Insert `:` after `@W`');
      await page.click('#problems li[data-code="W0205"] button.fix');
      await settled();
      assert.ok((await value()).includes('{ @W: opens }'));
      await page.click('#undo');
      await settled();
      assert.equal(await value(), colonless);

      // A file of several games opens at its first, in the editor and on the board; the picker
      // shows the others.
      const file = join(root, 'corpus/valid/edge-castling-and-leap.ctl-pgn');
      await page.setInputFiles('#open', file);
      await page.waitForFunction(() => document.getElementById('status').textContent.includes('opened'));
      assert.equal(await page.evaluate(() => document.getElementById('text').selectionStart), 0);
      assert.equal(await page.evaluate(() => document.getElementById('text').scrollTop), 0);
      assert.equal(await now(), 'Start position');
      const list = cescacs.games(readFileSync(file, 'utf8'));
      assert.ok(list.length > 2);
      assert.ok(await page.isVisible('#games'));
      await page.click('#games');
      assert.equal(await page.$$eval('#games option', (o) => o.length), list.length);
      await page.keyboard.press('Escape');
      await page.selectOption('#games', String(list[2].start));
      await settled();
      const at = await page.evaluate(() => document.getElementById('text').selectionStart);
      assert.ok((await value()).slice(at).startsWith('[Variant'), 'the cursor at the third game');
      assert.equal(await page.inputValue('#games'), String(list[2].start));
      assert.ok((await page.textContent('#sections')).includes('KRK-HIO'));

      // Share: the address holds the text; opened in a fresh browser, it gives the same text.
      const shared = await value();
      await page.click('#share');
      await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Link copied'));
      const link = await page.evaluate(() => navigator.clipboard.readText());
      assert.equal(link, page.url());
      assert.match(link, /#text=[A-Za-z0-9_-]+$/);
      const fresh = await browser.newContext({ viewport });
      const other = await fresh.newPage();
      watch(other, origin, problems);
      await other.goto(link);
      await other.waitForSelector('html[data-ready]', { timeout: 30_000 });
      assert.equal(await other.inputValue('#text'), shared);
      await fresh.close();

      // A reload keeps the text (edited since: the address no longer holds it) and the settings.
      await page.selectOption('#level', 'coherence');
      const kept = `${shared}\n{ kept }\n`;
      await edit(kept);
      await page.waitForFunction(() => !location.hash);
      await page.waitForFunction((t) => localStorage.getItem('cescacs-playground:text') === t, kept);
      await page.reload();
      await page.waitForSelector('html[data-ready]', { timeout: 30_000 });
      assert.equal(await value(), kept);
      assert.equal(await page.inputValue('#level'), 'coherence');
      assert.ok(await flipped(), 'flipped after the reload');

      // The screenshots of docs/PLAYGROUND.md: a game being played, a piece picked.
      if (process.env.CESCACS_PLAY_SHOTS) {
        await page.click('#view button[data-go="flip"]');
        await page.selectOption('#level', 'rules');
        if (!phone) await page.setViewportSize({ width: 1024, height: 640 });
        let shot = { text: '', at: 0 };
        for (const m of ['E7-E13', 'E21-E15', 'EE5-E9']) shot = cescacs.addMove(shot.text, { at: shot.at, move: m });
        await edit(shot.text);
        await toEnd();
        await hex('D22');
        await page.evaluate(() => document.getElementById('status').replaceChildren());
        await page.evaluate(() => {
          window.scrollTo(0, 0);
          document.getElementById('view').scrollTop = 0;
        });
        await page.screenshot({ path: join(process.env.CESCACS_PLAY_SHOTS, `playground-play-${size}.png`) });
      }
    } finally {
      await browser.close();
      server.close();
    }
    assert.deepEqual(problems, []);
  });
}
