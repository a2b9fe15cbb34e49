import assert from 'node:assert/strict';
import { test } from 'node:test';
import { writeDouble, writeInteger } from './json-numbers';
import { JsonSink } from './json-sink';

function text(write: (s: JsonSink) => void): string {
  const sink = new JsonSink();
  write(sink);
  return sink.take().toString('latin1');
}

/** The significant digits of a decimal text, without sign, point, exponent or leading/trailing zeros. */
function digits(s: string): string {
  return s.replace(/[eE].*$/, '').replace(/[-.]/g, '').replace(/^0+/, '').replace(/0+$/, '');
}

test('doubles read back exactly with the shortest digits across magnitudes', () => {
  let seed = 7;
  const rnd = (): number => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
  for (let i = 0; i < 20000; i++) {
    const scale = 10 ** Math.floor(rnd() * 30 - 12);
    const decimals = Math.floor(rnd() * 8);
    const raw = (rnd() - 0.5) * scale;
    const v = i % 2 === 0 ? Number(raw.toFixed(Math.min(decimals, 20))) : raw;
    const out = text((s) => writeDouble(s, v));
    assert.equal(Number(out), v, `${v} printed as ${out}`);
    assert.equal(digits(out), digits(String(v)), `${v} printed as ${out}`);
    assert.match(out, /^-?\d+\.\d+(E-?\d+)?$/, out);
  }
});

test('integers print exactly up to 2^53 in both signs', () => {
  for (const v of [0, 7, -7, 99, 100, 2147483647, -2147483648, 1e9, 999999999, 1000000001, 1234567890123456, 9007199254740991, -9007199254740991]) {
    assert.equal(text((s) => writeInteger(s, v)), String(v));
  }
});
