// Throughput of the npm package's `check` in node beside the CLI's `check -j 1`, on the same
// games, at each level (docs/PERFORMANCE.md):
//   cargo xtask gen --seed 2029 --games 6000 --out target/wasm-bench   # about 20 MB
//   cargo build --release -p ctl-cli && cargo xtask npm
//   node crates/cescacs-wasm/bench/throughput.mjs target/wasm-bench [runs]
// The CLI reads its files itself (its time includes reading them); node reads them first and
// times `check` alone over the bytes, file by file as the CLI checks them. The median of the
// runs is kept.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const [dir, runsArg] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node throughput.mjs DIR [runs]');
  process.exit(2);
}
const runs = Number(runsArg ?? 3);
const cli = process.env.CESCACS_BIN ?? join(root, 'target/release/cescacs');
const cescacs = await import(pathToFileURL(join(root, 'target/npm/cescacs/index.js')).href);

const files = readdirSync(dir)
  .filter((n) => n.endsWith('.ctl-pgn'))
  .sort()
  .map((n) => readFileSync(join(dir, n)));
const bytes = files.reduce((sum, f) => sum + f.length, 0);
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(`${files.length} files, ${(bytes / 1e6).toFixed(1)} MB, median of ${runs} runs`);
console.log('| level | CLI -j 1 MB/s | node check MB/s | node / CLI |');
console.log('| --- | ---: | ---: | ---: |');
for (const level of ['syntax', 'coherence', 'rules']) {
  const cliTimes = [];
  const nodeTimes = [];
  let games = [0, 0];
  for (let run = 0; run < runs; run++) {
    let started = process.hrtime.bigint();
    const r = spawnSync(cli, ['check', '-j', '1', '--level', level, '--format', 'json', dir], { maxBuffer: 1 << 30 });
    cliTimes.push(Number(process.hrtime.bigint() - started) / 1e9);
    games[0] = JSON.parse(r.stdout.toString('utf8')).summary.games;
    started = process.hrtime.bigint();
    let n = 0;
    for (const file of files) n += cescacs.check(file, { level }).summary.games;
    nodeTimes.push(Number(process.hrtime.bigint() - started) / 1e9);
    games[1] = n;
  }
  if (games[0] !== games[1]) throw new Error(`games: CLI ${games[0]}, node ${games[1]}`);
  const [c, w] = [bytes / 1e6 / median(cliTimes), bytes / 1e6 / median(nodeTimes)];
  console.log(`| ${level} | ${c.toFixed(1)} | ${w.toFixed(1)} | ${(w / c).toFixed(2)} |`);
}
