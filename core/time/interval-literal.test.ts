import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseIsoTimestamp } from './iso-timestamp';
import { complementIntervals, intersectIntervals, intervalsContain, unionIntervals } from './interval-algebra';
import { parseIntervalLiteral, parsePartialTimestamp } from './interval-literal';

const ts = (s: string): number => parseIsoTimestamp(s) ?? NaN;
const iv = (lo: string, hi: string): { lo: number; hi: number } => ({ lo: ts(lo), hi: ts(hi) });
const ok = (text: string): readonly { lo: number; hi: number }[] => {
  const r = parseIntervalLiteral(text);
  assert.ok(r.ok, text);
  return r.intervals;
};

test('a partial timestamp covers its whole unit', () => {
  assert.deepEqual(parsePartialTimestamp('2025'), iv('2025-01-01', '2025-12-31T23:59:59.999999'));
  assert.deepEqual(parsePartialTimestamp('2025-02'), iv('2025-02-01', '2025-02-28T23:59:59.999999'));
  assert.deepEqual(parsePartialTimestamp('2025-03-01'), iv('2025-03-01', '2025-03-01T23:59:59.999999'));
  assert.deepEqual(parsePartialTimestamp('2025-03-01T03'), iv('2025-03-01T03:00', '2025-03-01T03:59:59.999999'));
  assert.deepEqual(parsePartialTimestamp('2025-03-01T03:20'), iv('2025-03-01T03:20', '2025-03-01T03:20:59.999999'));
  assert.deepEqual(parsePartialTimestamp('2025-03-01T03:20:15'), iv('2025-03-01T03:20:15', '2025-03-01T03:20:15.999999'));
});

test('a duration counts from the start of the partial timestamp, whatever its precision', () => {
  assert.deepEqual(ok('2025-03-01;1d'), [iv('2025-03-01', '2025-03-01T23:59:59.999999')]);
  assert.deepEqual(ok('2025-03-01T06;6h'), [iv('2025-03-01T06:00', '2025-03-01T11:59:59.999999')]);
  assert.deepEqual(ok('2025-03-01T00;1h'), [iv('2025-03-01T00:00', '2025-03-01T00:59:59.999999')]);
  assert.deepEqual(ok('2025-03-01T10:15:30;90s'), [iv('2025-03-01T10:15:30', '2025-03-01T10:16:59.999999')]);
  assert.deepEqual(ok('2025-04;3d'), [iv('2025-04-01', '2025-04-03T23:59:59.999999')]);
});

test('a negative duration ends at the start of the partial timestamp', () => {
  assert.deepEqual(ok('2025-03-01;-1d'), [iv('2025-02-28', '2025-02-28T23:59:59.999999')]);
  assert.deepEqual(ok('2025-03-01T06;-2h'), [iv('2025-03-01T04:00', '2025-03-01T05:59:59.999999')]);
});

test('a period and count repeat the interval', () => {
  assert.deepEqual(ok('2025-01-01T00:00;1h;1d;3'), [
    iv('2025-01-01T00:00', '2025-01-01T00:59:59.999999'),
    iv('2025-01-02T00:00', '2025-01-02T00:59:59.999999'),
    iv('2025-01-03T00:00', '2025-01-03T00:59:59.999999'),
  ]);
  assert.equal(ok('2025-01-10;;-1d;2')[0].lo, ts('2025-01-09'));
});

test('a modifier marks the literal as an interval; bad text is refused', () => {
  const plain = parseIntervalLiteral('2025-03-01');
  assert.ok(plain.ok && !plain.isInterval);
  const mod = parseIntervalLiteral('2025-03-01;30m');
  assert.ok(mod.ok && mod.isInterval);
  assert.equal(parseIntervalLiteral('abc').ok, false);
  assert.equal(parseIntervalLiteral('2025-03-01;1x').ok, false);
});

test('AND, OR and NOT are intersection, union and complement', () => {
  const a = [iv('2025-03-01', '2025-03-01T23:59:59.999999')];
  const b = [iv('2025-03-01T12', '2025-03-02T12')];
  assert.deepEqual(intersectIntervals(a, b), [iv('2025-03-01T12', '2025-03-01T23:59:59.999999')]);
  assert.deepEqual(unionIntervals(a, b), [iv('2025-03-01', '2025-03-02T12')]);
  const not = complementIntervals(a);
  assert.equal(not.length, 2);
  assert.equal(not[0].lo, -Infinity);
  assert.equal(not[1].hi, Infinity);
  assert.ok(intervalsContain(not, ts('2025-03-02')));
  assert.ok(!intervalsContain(not, ts('2025-03-01T05')));
});
