import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gallopLowerBound, lowerBound, upperBound } from './sorted-search';

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 4294967296; };
}

test('lower and upper bounds, binary and galloping, equal a linear search over ascending values with runs of ties', () => {
  const rnd = random(7);
  const a = new Float64Array(5000);
  for (let i = 1; i < a.length; i++) a[i] = a[i - 1] + Math.floor(rnd() * 3);
  const ints = Int32Array.from(a);
  for (let k = 0; k < 2000; k++) {
    const from = Math.floor(rnd() * a.length), end = from + Math.floor(rnd() * (a.length - from + 1));
    const t = a[Math.min(from, a.length - 1)] + Math.floor(rnd() * 400) - 20;
    let first = from;
    while (first < end && a[first] < t) first++;
    let after = from;
    while (after < end && a[after] <= t) after++;
    const at = `[${from}, ${end}) t ${t}`;
    assert.equal(lowerBound(a, from, end, t), first, at);
    assert.equal(lowerBound(ints, from, end, t), first, at);
    assert.equal(upperBound(a, from, end, t), after, at);
    assert.equal(gallopLowerBound(a, from, end, t), first, at);
  }
});
