/**
 * parquet-wasm loaded with a ceiling on its WebAssembly memory (`http.import.parquet.decoder.memory.limit`).
 * Its Node glue reads `parquet_wasm_bg.wasm` with `fs.readFileSync` and instantiates it once, when first
 * required; while that require runs here, the read gets the module with its memory section given a maximum
 * (wasm-memory-limit.ts). Only decoder worker threads call this, and each only once: the worker's own `fs`
 * is patched for the duration of the require and restored after it, whatever happens.
 */
import fs = require('node:fs');
import { basename } from 'node:path';
import type * as ParquetWasm from 'parquet-wasm/node';
import { withMemoryMaximum } from './wasm-memory-limit';

/** wasm32 cannot address more than 4 GiB: no maximum is needed from there. */
const WASM32_LIMIT = 4 * 1024 ** 3;

export function loadParquetWasm(maxBytes: number): typeof ParquetWasm {
  if (!(maxBytes > 0 && maxBytes < WASM32_LIMIT)) return require('parquet-wasm/node') as typeof ParquetWasm;
  const original = fs.readFileSync;
  const bounded = (path: fs.PathOrFileDescriptor, options?: unknown): string | Buffer => {
    const read = original(path, options as undefined);
    if (typeof path !== 'string' || basename(path) !== 'parquet_wasm_bg.wasm' || typeof read === 'string') return read;
    return Buffer.from(withMemoryMaximum(read, maxBytes));
  };
  fs.readFileSync = bounded as typeof fs.readFileSync;
  try {
    return require('parquet-wasm/node') as typeof ParquetWasm;
  } finally {
    fs.readFileSync = original;
  }
}
