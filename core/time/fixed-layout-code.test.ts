import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sameWordsCode, tailMicrosCode } from './fixed-layout-code';

test('the generated word comparison checks every word, the overlapping last one too', () => {
  const bytes = new TextEncoder().encode('2024-01-01T10:20:30');
  const view = new DataView(bytes.buffer);
  const offsets = [0, 4, 8, 12, 15];
  const words = Int32Array.from(offsets, (o) => view.getInt32(o, true));
  const same = sameWordsCode(offsets);
  assert.equal(same(view, 0, words), true);
  for (let k = 0; k < bytes.length; k++) {
    const changed = Int32Array.from(words);
    const i = offsets.findIndex((o) => k >= o && k < o + 4);
    changed[i] ^= 1 << (8 * (k - offsets[i]));
    assert.equal(same(view, 0, changed), false, `byte ${k}`);
  }
});

test('the generated tail reads the fraction digits as µs and rejects a bad digit or literal', () => {
  const micros = tailMicrosCode([0, 7], [0x2e, 0x5a], [1, 2, 3, 4, 5, 6], [100000, 10000, 1000, 100, 10, 1]);
  const at = (text: string): number => micros(new TextEncoder().encode(text), 0);
  assert.equal(at('.123456Z'), 123456);
  assert.equal(at('.12x456Z'), -1);
  assert.equal(at('.123456X'), -1);
  const millis = tailMicrosCode([], [], [0, 1, 2], [100000, 10000, 1000]);
  assert.equal(millis(new TextEncoder().encode('250'), 0), 250000);
  const nanos = tailMicrosCode([], [], [0, 1, 2, 3, 4, 5, 6, 7, 8], [100000, 10000, 1000, 100, 10, 1, 0, 0, 0]);
  assert.equal(nanos(new TextEncoder().encode('000001999'), 0), 1);
  assert.equal(nanos(new TextEncoder().encode('00000199x'), 0), -1);
});
