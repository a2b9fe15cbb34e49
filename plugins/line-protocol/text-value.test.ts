import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IlpType } from './ilp-type';
import { TextValue } from './text-value';

function classify(text: string): [number, number] | undefined {
  const v = new TextValue();
  const b = Buffer.from(text);
  return v.parse(b, 0, b.length) ? [v.type, v.number] : undefined;
}

test('the last byte decides the type, as in QuestDB parser', () => {
  assert.deepEqual(classify('12i'), [IlpType.INTEGER, 12]);
  assert.deepEqual(classify('-12i'), [IlpType.INTEGER, -12]);
  assert.deepEqual(classify('1.5'), [IlpType.FLOAT, 1.5]);
  assert.deepEqual(classify('12'), [IlpType.FLOAT, 12]);
  assert.deepEqual(classify('5t'), [IlpType.TIMESTAMP, 5]);
  assert.deepEqual(classify('5000n'), [IlpType.TIMESTAMP, 5]);
  assert.deepEqual(classify('5m'), [IlpType.TIMESTAMP, 5000]);
  for (const t of ['t', 'T', 'true', 'True', 'TRUE', 'tRuE']) assert.deepEqual(classify(t), [IlpType.BOOLEAN, 1], t);
  for (const f of ['f', 'F', 'false', 'False', 'FALSE']) assert.deepEqual(classify(f), [IlpType.BOOLEAN, 0], f);
  assert.equal(classify('0x1fi')?.[0], IlpType.LONG256);
  assert.equal(classify('1.25d')?.[0], IlpType.DECIMAL);
});

test('what fits no type is refused', () => {
  for (const bad of ['abc', 'i', '1.5i', 'e', 'fals', 'n', 'x1n', '1.2.3', 'nan', 'inf', '0xi', '--1', '1e', 'd']) assert.equal(classify(bad), undefined, bad);
});

test('NaN and the infinities are doubles', () => {
  assert.ok(Number.isNaN(classify('NaN')?.[1]));
  assert.deepEqual(classify('Infinity'), [IlpType.FLOAT, NaN]);
  assert.deepEqual(classify('-Infinity'), [IlpType.FLOAT, NaN]);
});

test('a number past the range of DOUBLE is no value', () => {
  assert.equal(classify('1e400'), undefined);
  assert.equal(classify('-1e400'), undefined);
  assert.deepEqual(classify('1e308'), [IlpType.FLOAT, 1e308]);
});

test('an n timestamp keeps the nanoseconds its µs value leaves out, with its sign', () => {
  const t = new TextValue();
  assert.ok(t.parse(Buffer.from('1700000000123456789n'), 0, 20));
  assert.deepEqual([t.type, t.number, t.nanos, t.sub], [IlpType.TIMESTAMP, 1700000000123456, true, 789]);
  assert.ok(t.parse(Buffer.from('-1500n'), 0, 6));
  assert.deepEqual([t.number, t.sub], [-1, -500]);
  assert.ok(t.parse(Buffer.from('1700000000123456t'), 0, 17));
  assert.deepEqual([t.nanos, t.sub], [false, 0]);
});
