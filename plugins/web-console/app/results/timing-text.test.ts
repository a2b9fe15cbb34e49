import assert from 'node:assert/strict';
import { test } from 'node:test';
import { timingText } from './timing-text';

test('server time is compile + execute + count; the round trip is the wall time', () => {
  const t = timingText({ compiler: 800_000, execute: 27_900_000, count: 100_000, authentication: 0 }, 35.04);
  assert.equal(t.text, 'server 28.8 ms · total 35.0 ms');
  assert.equal(t.detail, 'compile 0.80 ms, execute 27.9 ms, count 0.10 ms, authentication 0.00 ms, round trip 35.0 ms');
});

test('without server timings only the round trip is shown', () => {
  assert.equal(timingText(undefined, 1500).text, '1.50 s');
});
