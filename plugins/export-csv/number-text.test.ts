import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ByteOutput } from './byte-output';
import { writeDouble } from './number-text';

function text(v: number): string {
  const o = new ByteOutput(64);
  writeDouble(o, v);
  return Buffer.from(o.take()).toString('latin1');
}

test('doubles print as the shortest round-trip text with .0 for integral values', () => {
  const cases: [number, string][] = [[0.05, '0.05'], [0.001, '0.001'], [123456.789, '123456.789'], [-0.5, '-0.5'],
    [1.23456789, '1.23456789'], [100, '100.0'], [2147483648.25, '2147483648.25'], [9007199254740991, '9007199254740991.0']];
  for (const [v, s] of cases) assert.equal(text(v), s);
});

test('random doubles with up to 8 decimals read back to the same value and match JS shortest digits', () => {
  let seed = 1;
  const next = (): number => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
  for (let i = 0; i < 20000; i++) {
    const decimals = Math.floor(next() * 9);
    const v = Math.round((next() - 0.5) * 10 ** (1 + Math.floor(next() * 9)) * 10 ** decimals) / 10 ** decimals + 0;
    const s = text(v);
    assert.equal(Number(s), v, s);
    const js = String(v);
    if (!js.includes('e')) assert.equal(s, js.includes('.') ? js : `${js}.0`);
  }
});
