import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withMemoryMaximum } from './wasm-memory-limit';

/** A module with one memory of `min` pages (and `max`, when given), exported as `mem`. */
function moduleWith(min: number, max?: number): Uint8Array {
  const limits = max === undefined ? [0, min] : [1, min, max];
  const memory = [1, ...limits];
  const exports = [1, 3, 0x6d, 0x65, 0x6d, 2, 0];
  return new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 5, memory.length, ...memory, 7, exports.length, ...exports]);
}

interface WasmMemory { grow(pages: number): number; readonly buffer: ArrayBuffer }

/** The project's TypeScript lib has no WebAssembly types: the two constructors used, typed here. */
const wasm = (globalThis as unknown as {
  WebAssembly: { Module: new (b: Uint8Array) => object; Instance: new (m: object) => { exports: Record<string, unknown> } };
}).WebAssembly;

function memoryOf(bytes: Uint8Array): WasmMemory {
  const instance = new wasm.Instance(new wasm.Module(bytes));
  return instance.exports.mem as WasmMemory;
}

test('the memory cannot grow past the maximum given', () => {
  const mem = memoryOf(withMemoryMaximum(moduleWith(1), 4 * 65536));
  assert.equal(mem.grow(3), 1);
  assert.throws(() => mem.grow(1), RangeError);
  assert.equal(mem.buffer.byteLength, 4 * 65536);
});

test('without a limit the module grows as before, and a smaller existing maximum is kept', () => {
  const free = memoryOf(moduleWith(1));
  assert.equal(free.grow(10), 1);
  const kept = memoryOf(withMemoryMaximum(moduleWith(1, 2), 100 * 65536));
  assert.equal(kept.grow(1), 1);
  assert.throws(() => kept.grow(1), RangeError);
});

test('a maximum below the initial size still lets the module instantiate at its initial size', () => {
  const mem = memoryOf(withMemoryMaximum(moduleWith(3), 65536));
  assert.equal(mem.buffer.byteLength, 3 * 65536);
  assert.throws(() => mem.grow(1), RangeError);
});

test('a module without a memory section is returned unchanged', () => {
  const bare = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
  assert.equal(withMemoryMaximum(bare, 65536), bare);
});
