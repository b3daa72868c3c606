#!/usr/bin/env bash
# Checks the tree-sitter grammar of CTL-PGN (docs/EDITORS.md, "Tree-sitter"), as CI does:
#   1. tree-sitter-cli at the pinned version, installed from crates.io when missing or another
#      version (the npm package downloads a binary when installed, which a machine without that
#      download cannot do);
#   2. the committed parser (src/) is what grammar.js generates;
#   3. the corpus tests (test/corpus/*.txt, the spec's example games among them) and the
#      highlight test of queries/highlights.scm (test/highlight/) pass;
#   4. every file of corpus/valid and corpus/generated, and the spec's examples whole, parse
#      without an ERROR or MISSING node;
#   5. docs/EDITORS.md's recipe for Neovim 0.7 colours a game file (test/nvim-0.7.sh).
set -euo pipefail
cd "$(dirname "$0")"
version=0.27.1

if [ "$(tree-sitter --version 2>/dev/null | awk '{print $2}')" != "$version" ]; then
  cargo install tree-sitter-cli --version "$version" --locked
fi

# ABI 14, which older editors' tree-sitter libraries load too (Neovim 0.7 to 0.10 among them).
tree-sitter generate --abi 14
git diff --exit-code -- src/ || {
  echo "error: src/ is not what grammar.js generates: run \`tree-sitter generate\` in $(pwd) and commit src/" >&2
  exit 1
}

tree-sitter test

files=(../../corpus/valid/*.ctl-pgn ../../corpus/generated/*.ctl-pgn
  ../../crates/ctl-an/tests/fixtures/spec-examples.ctl-pgn)
# --quiet prints only the files with an ERROR or MISSING node; the exit code says whether any has.
if ! tree-sitter parse --quiet "${files[@]}"; then
  echo "error: the grammar leaves an ERROR or MISSING node in the files above" >&2
  exit 1
fi
echo "tree-sitter: ${#files[@]} files (corpus/valid, corpus/generated, the spec's examples) parsed without an ERROR node"

test/nvim-0.7.sh
