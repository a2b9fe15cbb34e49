import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Types } from '../../data/column-type';
import { fromExactLongs } from '../../data/exact-longs';
import { ScalarFunction } from '../../extension/sql-function';
import { randomSource } from '../random-source';
import { BoundExpr } from '../bound-expression';
import { parseIntervalLiteral } from '../../time/interval-literal';
import { extractIntervals } from './interval-extraction';
import { intervalFunction } from './interval-function';

const TS: BoundExpr = { kind: 'column', index: 0, type: Types.TIMESTAMP_NS, name: 'ts', position: 0 };
const DAY_US = 1704067200000000;

function fn(name: string): ScalarFunction {
  return { kind: 'scalar', name, args: [], returns: Types.BOOLEAN, kernel: () => ({ type: Types.BOOLEAN, data: new Uint8Array(0) }) };
}

function call(name: string, ...args: BoundExpr[]): BoundExpr {
  return { kind: 'call', fn: fn(name), args, type: Types.BOOLEAN, position: 0 };
}

function ns(value: bigint): BoundExpr {
  return { kind: 'constant', type: Types.TIMESTAMP_NS, value, position: 0 };
}

function literal(text: string, negated = false): BoundExpr {
  const parsed = parseIntervalLiteral(text);
  assert.ok(parsed.ok);
  return { kind: 'call', fn: intervalFunction([...parsed.intervals], negated, Types.TIMESTAMP_NS), args: [TS], type: Types.BOOLEAN, position: 0 };
}

const and = (a: BoundExpr, b: BoundExpr): BoundExpr => call('and', a, b);

test('nanosecond comparisons narrow the scan to the µs holding their bounds and stay in the filter', () => {
  const gt = call('>', TS, ns(1704067200000000999n));
  const split = extractIntervals(gt, 0, and, true);
  assert.deepEqual(split.intervals, [{ lo: DAY_US + 1, hi: 9223372036854775808 }]);
  assert.equal(split.rest, gt);
  const between = call('between', TS, ns(1704067200000001500n), ns(1704067199999999999n));
  assert.deepEqual(extractIntervals(between, 0, and, true).intervals, [{ lo: DAY_US - 1, hi: DAY_US + 1 }]);
  // A TIMESTAMP constant is µs: scaled, so `ts <= '…00.000002'::timestamp` holds every ns of that µs.
  const le = call('<=', TS, { kind: 'constant', type: Types.TIMESTAMP, value: DAY_US + 2, position: 0 });
  assert.deepEqual(extractIntervals(le, 0, and, true).intervals, [{ lo: -9223372036854773760, hi: DAY_US + 2 }]);
  // `!=` and NOT of a comparison cannot narrow: they stay whole in the filter.
  const ne = call('!=', TS, ns(5n));
  assert.deepEqual(extractIntervals(ne, 0, and, true), { intervals: undefined, rest: ne });
  const not = call('not', gt);
  assert.deepEqual(extractIntervals(not, 0, and, true), { intervals: undefined, rest: not });
});

test('µs interval literals on a TIMESTAMP_NS timestamp are exact: they leave the filter', () => {
  const day = literal('2024-01-01');
  assert.deepEqual(extractIntervals(day, 0, and, true), { intervals: [{ lo: DAY_US, hi: DAY_US + 86400000000 - 1 }], rest: undefined });
  const lt = call('<', TS, ns(1704240000000000000n));
  const both = and(literal('2024-01-01', true), lt);
  const split = extractIntervals(both, 0, and, true);
  assert.deepEqual(split.intervals, [{ lo: -9223372036854773760, hi: DAY_US - 1 }, { lo: DAY_US + 86400000000, hi: 1704239999999999 }]);
  assert.equal(split.rest, lt);
});

test('the interval predicate tests a nanosecond by its µs: the last ns of a day is in it, the next day\'s first is not', () => {
  const f = intervalFunction([{ lo: DAY_US, hi: DAY_US + 86400000000 - 1 }], false, Types.TIMESTAMP_NS);
  const v = fromExactLongs(Types.TIMESTAMP_NS, BigInt64Array.from([1704067199999999999n, 1704067200000000000n, 1704153599999999999n, 1704153600000000000n]));
  assert.equal(Number(v.data[2]), Number(v.data[3]), 'the doubles of the last two cannot tell them apart');
  const out = f.kernel([v], 4, Types.BOOLEAN, { now: 0, user: 'admin', random: randomSource([1n, 2n]) });
  assert.deepEqual([...out.data], [0, 1, 1, 0]);
});

test('NOT IN with a timestamp beyond 2^53 µs gives disjoint widened intervals (overlapping ones read a row twice)', () => {
  const TSU: BoundExpr = { kind: 'column', index: 0, type: Types.TIMESTAMP, name: 'ts', position: 0 };
  const us = (value: number | bigint): BoundExpr => ({ kind: 'constant', type: Types.TIMESTAMP, value, position: 0 });
  // 2027-06-25T06:48:59.164047Z and 9999-12-31T23:59:59.999999Z (SQL fuzzer, seed 202612053).
  const notIn = call('not', call('in', TSU, us(1813906139164047), us(253402300799999999n)));
  const split = extractIntervals(notIn, 0, and, false);
  assert.equal(split.rest, notIn, 'beyond 2^53 the predicate stays in the filter');
  const list = split.intervals ?? [];
  assert.ok(list.length > 0);
  for (let i = 1; i < list.length; i++) assert.ok(list[i].lo > list[i - 1].hi, `intervals ${i - 1} and ${i} overlap: ${JSON.stringify(list)}`);
  // The widened scan still holds every row the predicate keeps, e.g. 15 µs before the excluded point.
  assert.ok(list.some((i) => i.lo <= 1813906139164032 && 1813906139164032 <= i.hi));
});
