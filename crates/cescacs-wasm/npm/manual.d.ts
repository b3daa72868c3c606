
// `cescacs/manual`: nothing works before one of these is called once.
/** What the module is loaded from: a URL (or its text), a fetch `Response`, or the `.wasm` bytes. */
export type WasmSource = URL | string | ArrayBuffer | ArrayBufferView | { arrayBuffer(): Promise<ArrayBuffer> };
/** Loads the module (default: `cescacs_wasm_bg.wasm` beside the package's files). */
export function init(source?: WasmSource): Promise<void>;
/** Loads the module from its bytes, synchronously (a large module may be refused on a browser's main thread). */
export function initSync(bytes: ArrayBuffer | ArrayBufferView): void;
