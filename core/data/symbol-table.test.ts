import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MemorySymbolTable } from './symbol-table';

test('utf8 bytes of many values share a few buffers (one ArrayBuffer per value costs native memory uncounted)', () => {
  const t = new MemorySymbolTable();
  for (let i = 0; i < 20_000; i++) t.intern(`value-${i}-${'é'.repeat(i % 7)}`);
  const buffers = new Set<ArrayBufferLike>();
  for (let k = 0; k < t.size; k++) buffers.add(t.utf8(k).buffer);
  assert.ok(buffers.size < 20, `${buffers.size} buffers for 20,000 values`);
});

test('utf8 bytes are each value exactly, cached, and a long value gets its own buffer', () => {
  const long = '日'.repeat(5000);
  const values = ['', 'a', 'é😀', long, 'after long', 'x'.repeat(4096)];
  const t = new MemorySymbolTable(values);
  const decoder = new TextDecoder();
  for (let k = 0; k < values.length; k++) {
    const b = t.utf8(k);
    assert.equal(decoder.decode(b), values[k]);
    assert.equal(b, t.utf8(k));
  }
  assert.equal(t.utf8(3).byteLength, t.utf8(3).buffer.byteLength);
  assert.equal(t.utf8(1).buffer, t.utf8(4).buffer);
});
