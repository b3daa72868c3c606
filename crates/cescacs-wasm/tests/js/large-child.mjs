// One call of the package on a large text, alone in its process, so that its peak memory is its
// own (large.test.mjs runs it; not a test file itself):
//   node large-child.mjs PACKAGE_DIR CALL SHAPE BYTES
// CALL: replay, replayGames (every game taken and let go) or toApp. SHAPE: `games`, the valid
// and generated games of corpus/ again and again, or `untagged`, games without tags (each an
// error) all in one chunk. Prints one JSON line: what the call gave, its seconds, the process's
// peak RSS in MiB.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [packageDir, call, shape, bytes] = process.argv.slice(2);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const cescacs = await import(pathToFileURL(join(packageDir, 'index.js')).href);

/** `size` bytes (about) of `unit` again and again. */
function repeated(unit, size) {
  return unit.repeat(Math.max(1, Math.round(size / Buffer.byteLength(unit))));
}

let text;
if (shape === 'games') {
  const games = ['corpus/valid', 'corpus/generated'].flatMap((dir) =>
    readdirSync(join(root, dir))
      .filter((name) => name.endsWith('.ctl-pgn'))
      .sort()
      .map((name) => readFileSync(join(root, dir, name), 'utf8').trimEnd() + '\n\n'),
  );
  text = repeated(games.join(''), Number(bytes));
} else if (shape === 'untagged') {
  text = repeated('1. E7-E13 *\n', Number(bytes));
} else {
  throw new Error(`unknown shape ${shape}`);
}

const started = performance.now();
let gave;
try {
  if (call === 'replayGames') {
    let games = 0;
    let plies = 0;
    for (const game of cescacs.replayGames(text)) {
      games += 1;
      plies += game.main?.plies.length ?? 0;
    }
    gave = { games, plies };
  } else {
    const result = cescacs[call](text);
    gave = result === null ? { null: true } : { length: result.length };
  }
} catch (e) {
  gave = { code: e.code ?? String(e), message: e.message };
}
const seconds = (performance.now() - started) / 1000;
const rssMiB = process.resourceUsage().maxRSS / 1024;
console.log(JSON.stringify({ call, shape, bytes: Buffer.byteLength(text), gave, seconds, rssMiB }));
