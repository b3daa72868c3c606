// `cescacs/manual`: the package with no loading of its own. Call `await init(url or bytes)`
// (or `initSync(bytes)`) once before anything else: for a bundler that does not handle
// `new URL(..., import.meta.url)`, a Content-Security-Policy, a module served from elsewhere.
// Written by `cargo xtask npm`; the exports follow.
import * as wasm from './cescacs_wasm.js';
import { api } from './api.js';

/** Loads the module from a URL (default: beside this file), a `Response`, or its bytes. */
export async function init(source) {
  await wasm.default({ module_or_path: source ?? new URL('./cescacs_wasm_bg.wasm', import.meta.url) });
}

/** Loads the module from its bytes (or a compiled `WebAssembly.Module`), synchronously. */
export function initSync(bytes) {
  wasm.initSync({ module: bytes });
}
