import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Types } from '../../core/data/column-type';
import { Vector } from '../../core/data/vector';
import { AggregateFunction, FunctionContext, ScalarFunction } from '../../core/extension/sql-function';
import { builtinFunctions } from './builtin-functions';
import { randomSource } from '../../core/sql/random-source';

const ctx: FunctionContext = { now: 0, user: 'admin', random: randomSource([1n, 2n]) };

function scalar(name: string, ...tags: number[]): ScalarFunction {
  const f = builtinFunctions.find((x): x is ScalarFunction => x.kind === 'scalar' && x.name === name && x.args.every((a, i) => a !== 'any' && a !== 'same' && a.tag === tags[i]));
  if (!f) throw new Error(`no ${name}`);
  return f;
}

function aggregate(name: string, tag: number): AggregateFunction {
  const f = builtinFunctions.find((x): x is AggregateFunction => x.kind === 'aggregate' && x.name === name && x.args.length === 1 && x.args[0] !== 'any' && x.args[0] !== 'same' && x.args[0].tag === tag);
  if (!f) throw new Error(`no ${name}`);
  return f;
}

const d = (...x: number[]): Vector => ({ type: Types.DOUBLE, data: Float64Array.from(x) });
const i32 = (...x: number[]): Vector => ({ type: Types.INT, data: Int32Array.from(x) });

test('integer division truncates and division by zero is null', () => {
  const out = scalar('/', Types.INT.tag, Types.INT.tag).kernel([i32(7, -7, 1), i32(2, 2, 0)], 3, Types.INT, ctx);
  assert.deepEqual([...out.data], [3, -3, -2147483648]);
});

test('double addition keeps NaN as null', () => {
  const out = scalar('+', Types.DOUBLE.tag, Types.DOUBLE.tag).kernel([d(1, NaN), d(2, 3)], 2, Types.DOUBLE, ctx);
  assert.equal(out.data[0], 3);
  assert.ok(Number.isNaN(out.data[1]));
});

test('double equality treats null = null as true', () => {
  const out = scalar('=', Types.DOUBLE.tag, Types.DOUBLE.tag).kernel([d(NaN, 1), d(NaN, 2)], 2, Types.BOOLEAN, ctx);
  assert.deepEqual([...out.data], [1, 0]);
});

test('abs of DOUBLE passes nulls through', () => {
  const out = scalar('abs', Types.DOUBLE.tag).kernel([d(-2, NaN)], 2, Types.DOUBLE, ctx);
  assert.equal(out.data[0], 2);
  assert.ok(Number.isNaN(out.data[1]));
});

test('grouped sum and avg accumulate per group and skip nulls', () => {
  const sum = aggregate('sum', Types.DOUBLE.tag).create([Types.DOUBLE], Types.DOUBLE, []);
  const avg = aggregate('avg', Types.DOUBLE.tag).create([Types.DOUBLE], Types.DOUBLE, []);
  for (const s of [sum, avg]) { s.init(2); s.add([d(1, 2, NaN, 4)], Int32Array.of(0, 1, 1, 0), 4); }
  assert.deepEqual([...sum.value(2).data], [5, 2]);
  assert.deepEqual([...avg.value(2).data], [2.5, 2]);
});

test('max of an empty group is null and states merge', () => {
  const a = aggregate('max', Types.DOUBLE.tag).create([Types.DOUBLE], Types.DOUBLE, []);
  const b = aggregate('max', Types.DOUBLE.tag).create([Types.DOUBLE], Types.DOUBLE, []);
  a.init(2); b.init(1);
  a.add([d(3)], Int32Array.of(0), 1);
  b.add([d(9)], undefined, 1);
  a.merge(b, 0, 0);
  const v = a.value(2).data;
  assert.equal(v[0], 9);
  assert.ok(Number.isNaN(v[1]));
});

test('sum of LONG input is LONG and null without rows', () => {
  const s = aggregate('sum', Types.LONG.tag).create([Types.LONG], Types.LONG, []);
  s.init(1);
  const v = s.value(1);
  assert.equal(v.type, Types.LONG);
  assert.equal(v.data[0], -9223372036854775808);
});
