// Drives the official C'escacs engine (cescacs/cescacs.typescript, its built `dist/`) over games
// written by `cescacs convert --to app`, and records what it answers. Run by
// `cargo xtask app-interop --engine DIR`; nothing of the engine is copied here: it is imported at
// run time from DIR/dist/cescacs.js.
//
// stdin: one JSON object a line, {"id", "pdtl" (app PDTL or null for the initial position),
// "list" (the move list, as "Load mvs" takes it)}.
// stdout: one JSON object a line, {"id", "start" (the engine's PDTL after "Load new", or null),
// "plies" (its PDTL after each move played one by one with applyStringMove), "error" (the message
// that stopped it, or null), "show" (its "Show mvs" text), "load" (its PDTL after "Load new" +
// "Load mvs" of the whole list, or null), "loadError"}.
//
// PROMOTION WORKAROUND: the shipped build throws "piece from unique key" on every promotion
// (`doPromotePawn` stores the promoted piece object where its key is expected). This harness wraps
// `Game.prototype.pushMove` to replace `move.promoted` by its `.key` before the original runs, so
// that games with promotions can be checked at all. Without the wrapper (`--no-promotion-fix`)
// those games fail with the engine's own error.
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const engineDir = process.argv[2];
const fixPromotion = !process.argv.includes('--no-promotion-fix');
const { Game } = await import(pathToFileURL(join(engineDir, 'dist', 'cescacs.js')).href);

if (fixPromotion) {
    const original = Game.prototype.pushMove;
    Game.prototype.pushMove = function (move) {
        if (move && move.promoted != null && typeof move.promoted === 'object' && 'key' in move.promoted) {
            move = { ...move, promoted: move.promoted.key };
        }
        return original.call(this, move);
    };
}

// The engine logs failed assertions with console.log: keep stdout for our records.
const log = console.log;
const quiet = (f) => {
    console.log = () => {};
    try { return f(); } finally { console.log = log; }
};
const message = (e) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));

/** The moves of a list, in order ("…" left out): "N. A, B" lines. */
function movesOf(list) {
    const out = [];
    for (const line of list.split('\n')) {
        const body = line.replace(/^\s*\d+[.?]\s*/, '');
        if (body.trim() === '') continue;
        for (const m of body.split(',')) {
            const t = m.trim();
            if (t !== '' && t !== '\u2026') out.push(t);
        }
    }
    return out;
}

function drive(job) {
    const r = { id: job.id, pdtl: job.pdtl ?? null, list: job.list, start: null, plies: [], error: null, show: '', load: null, loadError: null };
    const game = new Game(false);
    try {
        if (job.pdtl) quiet(() => game.loadPDTL(job.pdtl));
        r.start = game.valuePDTL;
        for (const m of movesOf(job.list)) {
            quiet(() => game.applyStringMove(m));
            r.plies.push(game.valuePDTL);
        }
    } catch (e) {
        r.error = message(e);
    }
    try { r.show = game.strMoves(); } catch (e) { r.show = ''; }
    const again = new Game(false);
    try {
        if (job.pdtl) quiet(() => again.loadPDTL(job.pdtl));
        if (job.list.trim() !== '') quiet(() => again.applyMoveSq(job.list));
        r.load = again.valuePDTL;
    } catch (e) {
        r.loadError = message(e);
    }
    return r;
}

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
    if (line.trim() === '') continue;
    process.stdout.write(JSON.stringify(drive(JSON.parse(line))) + '\n');
}
