// Throughput of the npm package's `check` in node beside the CLI's `check -j 1`, on the same
// games, at each level (docs/PERFORMANCE.md):
//   cargo xtask gen --seed 2029 --games 6000 --out target/wasm-bench   # about 20 MB
//   cargo build --release -p ctl-cli && cargo xtask npm
//   node crates/cescacs-wasm/bench/throughput.mjs target/wasm-bench [runs]
// Times are CPU seconds (user + system: the CLI's from bash's `time`, node's from
// `process.cpuUsage`), which a busy machine disturbs far less than wall time. The CLI reads its
// files itself (its time includes reading them and node's start-up is not counted); node reads
// them first and `check` alone is timed, file by file as the CLI checks them. The median of the
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

console.log(`${files.length} files, ${(bytes / 1e6).toFixed(1)} MB, median of ${runs} runs, MB per CPU second`);
console.log('| level | CLI -j 1 MB/s | node check MB/s | node / CLI |');
console.log('| --- | ---: | ---: | ---: |');
/** CPU seconds (user + system) of one CLI run, from bash's `time`, and its games. */
function cliRun(level) {
  const script = 'TIMEFORMAT="%U %S"; { time "$0" check -j 1 --level "$1" --format json "$2" > "$3"; } 2>&1';
  const out = join(root, 'target/wasm-bench-cli.json');
  const r = spawnSync('bash', ['-c', script, cli, level, dir, out]);
  const [user, system] = r.stdout.toString('utf8').trim().split('\n').pop().split(' ').map(Number);
  return [user + system, JSON.parse(readFileSync(out, 'utf8')).summary.games];
}

/** CPU seconds of node's `check` over every file, and the games. */
function nodeRun(level) {
  const started = process.cpuUsage();
  let games = 0;
  for (const file of files) games += cescacs.check(file, { level }).summary.games;
  const { user, system } = process.cpuUsage(started);
  return [(user + system) / 1e6, games];
}

for (const level of ['syntax', 'coherence', 'rules']) {
  const cliTimes = [];
  const nodeTimes = [];
  for (let run = 0; run < runs; run++) {
    const [c, cliGames] = cliRun(level);
    const [w, nodeGames] = nodeRun(level);
    if (cliGames !== nodeGames) throw new Error(`games: CLI ${cliGames}, node ${nodeGames}`);
    cliTimes.push(c);
    nodeTimes.push(w);
  }
  const [c, w] = [bytes / 1e6 / median(cliTimes), bytes / 1e6 / median(nodeTimes)];
  console.log(`| ${level} | ${c.toFixed(1)} | ${w.toFixed(1)} | ${(w / c).toFixed(2)} |`);
}
