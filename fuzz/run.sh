#!/usr/bin/env bash
# Runs one fuzz target for a time, seeded from the project's corpus:
#   fuzz/run.sh TARGET SECONDS
# Needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`). New inputs go to
# fuzz/corpus/TARGET (ignored by git); crashes to fuzz/artifacts/TARGET. A crash becomes a
# regression file in fuzz/regressions/{game,pdtl}/ (checked by `cargo test -p cescacs-fuzz-targets`).
set -euo pipefail
cd "$(dirname "$0")"
target=${1:?target: lexer, movetext, pdtl, check, round_trip or scan}
seconds=${2:-600}
mkdir -p "corpus/$target"
if [ "$target" = pdtl ]; then
  seeds=(seeds/pdtl regressions/pdtl)
else
  seeds=(../corpus/valid ../corpus/invalid ../crates/ctl-an/tests/fixtures regressions/game)
fi
# The scanner reads one game: the generated files hold one each.
if [ "$target" = scan ]; then
  seeds+=(../corpus/generated)
fi
exec cargo +nightly fuzz run --sanitizer none "$target" "corpus/$target" "${seeds[@]}" -- \
  -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
