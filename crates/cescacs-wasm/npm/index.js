// The npm package `cescacs`: loads the WebAssembly module once, on import, so that every
// function is ready after `await import('cescacs')` (node >= 20 reads the file beside this one;
// a browser fetches it by URL). Written by `cargo xtask npm`; the exports follow.
import init, { GameReplays } from './cescacs_wasm.js';

const module = new URL('./cescacs_wasm_bg.wasm', import.meta.url);
if (module.protocol === 'file:' && typeof process === 'object' && process.versions?.node) {
  const { readFile } = await import('node:fs/promises');
  await init({ module_or_path: await readFile(module) });
} else {
  await init({ module_or_path: module });
}

// What `replayGames` gives is its own iterator, so that `for (const game of replayGames(text))`
// works: wasm-bindgen cannot give a Rust type a method named by a symbol.
GameReplays.prototype[Symbol.iterator] = function () {
  return this;
};
