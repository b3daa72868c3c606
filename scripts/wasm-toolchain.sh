#!/usr/bin/env bash
# Sets up what `cargo xtask npm` needs to build the WebAssembly package, installing only what is
# missing or at another version:
#  - the standard library for wasm32-unknown-unknown: rustup's (`rustup target add`) where rustup
#    can download it; otherwise Debian's rust-web toolchain (rustc-web, cargo-web, the library's
#    source in rust-web-src, wasm-ld from lld), with which `cargo xtask npm` builds std itself
#    (-Zbuild-std);
#  - the `wasm-bindgen` command at exactly the version of the `wasm-bindgen` crate that
#    crates/cescacs-wasm pins (built from crates.io: about 3 minutes of CPU).
# Idempotent: a second run installs nothing. Called by the README's set-up and by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."

# The pinned version, from the crate's manifest: `wasm-bindgen = "=X.Y.Z"`.
version=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' crates/cescacs-wasm/Cargo.toml)
if [ -z "$version" ]; then
  echo "error: no exact wasm-bindgen version in crates/cescacs-wasm/Cargo.toml" >&2
  exit 2
fi

sysroot_has_wasm() {
  [ -d "$(rustc --print sysroot)/lib/rustlib/wasm32-unknown-unknown/lib" ]
}

if sysroot_has_wasm; then
  echo "wasm32 standard library: rustup's, installed"
elif command -v rustup >/dev/null && rustup target add wasm32-unknown-unknown && sysroot_has_wasm; then
  echo "wasm32 standard library: rustup's, added"
else
  missing=()
  for package in rustc-web cargo-web rust-web-src lld; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' ||
      missing+=("$package")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    apt-get update
    apt-get install -y "${missing[@]}"
  fi
  echo "wasm32 standard library: built from Debian's rust-web-src ($(/usr/bin/rustc --version))"
fi

if [ "$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen $version" ]; then
  echo "wasm-bindgen $version: installed"
else
  # --locked builds the CLI with the dependencies it was released with; a registry mirror that
  # lacks one of them (seen: webpki-roots 1.0.11) gets the newest compatible ones instead.
  # Without default features: no TLS stack (only its test runner downloads anything), a
  # sixth less to compile.
  cargo install wasm-bindgen-cli --version "$version" --no-default-features --locked ||
    cargo install wasm-bindgen-cli --version "$version" --no-default-features
fi
