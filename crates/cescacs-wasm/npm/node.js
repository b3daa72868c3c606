// The npm package `cescacs` for node's `import`: the WebAssembly module read from the file
// beside this one and compiled synchronously, so that every function is ready once imported
// (no top-level await). Written by `cargo xtask npm`; the exports follow.
import { readFileSync } from 'node:fs';
import * as wasm from './cescacs_wasm.js';
import { api } from './api.js';

wasm.initSync({ module: readFileSync(new URL('./cescacs_wasm_bg.wasm', import.meta.url)) });
