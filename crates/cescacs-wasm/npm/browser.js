// The npm package `cescacs` for browsers and their bundlers: the WebAssembly module fetched by
// its URL beside this file (`new URL(..., import.meta.url)`, which Vite and webpack 5 bundle as
// a file of their own; with esbuild, serve `cescacs_wasm_bg.wasm` beside the bundle, or import
// `cescacs/manual` and call `init` with its URL). Names no module of node. Written by `cargo
// xtask npm`; the exports follow.
import * as wasm from './cescacs_wasm.js';
import { api } from './api.js';

await wasm.default({ module_or_path: new URL('./cescacs_wasm_bg.wasm', import.meta.url) });
