// Snapshots of the grammar on the corpus: every file of corpus/valid and corpus/invalid is
// tokenized by vscode-tmgrammar-snap and compared with test/snapshots/<folder>/<file>.snap.
// The corpus stays the one copy of the games: they are copied beside their snapshots into a
// temporary folder for the tool, which wants them side by side.
// `node test/snapshots.js --update` writes the snapshots again (review the diff).
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { execFileSync } = require("child_process");

const here = __dirname;
const corpus = path.join(here, "..", "..", "..", "corpus");
const update = process.argv.includes("--update");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "ctl-pgn-snap-"));
let failed = false;
try {
  for (const folder of ["valid", "invalid"]) {
    const kept = path.join(here, "snapshots", folder);
    const dir = path.join(work, folder);
    fs.mkdirSync(dir, { recursive: true });
    const files = fs.readdirSync(path.join(corpus, folder)).filter((f) => f.endsWith(".ctl-pgn"));
    for (const file of files) {
      // VS Code ends a line at a lone CR too, but the snapshot tool splits its files at LF
      // only: a file of lone CRs is given to it as the editor shows it, with LFs.
      const text = fs.readFileSync(path.join(corpus, folder, file), "utf8");
      fs.writeFileSync(path.join(dir, file), text.replace(/\r(?!\n)/g, "\n"));
      const snap = path.join(kept, file + ".snap");
      if (fs.existsSync(snap)) fs.copyFileSync(snap, path.join(dir, file + ".snap"));
      else if (!update) {
        console.error(`no snapshot for corpus/${folder}/${file}: run node test/snapshots.js --update`);
        failed = true;
      }
    }
    const args = ["-g", path.join(here, "..", "syntaxes", "ctl-pgn.tmLanguage.json"), "-s", "source.ctl-pgn"];
    if (update) args.push("--updateSnapshot");
    args.push(path.join(dir, "*.ctl-pgn"));
    const bin = path.join(here, "..", "node_modules", ".bin", "vscode-tmgrammar-snap");
    try {
      process.stdout.write(execFileSync(bin, args, { encoding: "utf8" }));
    } catch (e) {
      process.stdout.write((e.stdout || "") + (e.stderr || ""));
      failed = true;
    }
    if (update) {
      fs.rmSync(kept, { recursive: true, force: true });
      fs.mkdirSync(kept, { recursive: true });
      for (const file of files) {
        fs.copyFileSync(path.join(dir, file + ".snap"), path.join(kept, file + ".snap"));
      }
    } else {
      // A snapshot whose corpus file is gone is stale.
      for (const snap of fs.existsSync(kept) ? fs.readdirSync(kept) : []) {
        if (!files.includes(snap.replace(/\.snap$/, ""))) {
          console.error(`stale snapshot test/snapshots/${folder}/${snap}: its corpus file is gone`);
          failed = true;
        }
      }
    }
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
if (failed) process.exit(1);
