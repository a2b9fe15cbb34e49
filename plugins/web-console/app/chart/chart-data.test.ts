import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chartData, timeSeconds } from './chart-data';
import { chartShape } from './chart-shape';

const cols = (...spec: string[]): { name: string; type: string }[] => spec.map((s) => {
  const [name, type] = s.split(':');
  return { name, type };
});

test('a timestamp and numbers plot one series per numeric column', () => {
  const columns = cols('ts:TIMESTAMP', 'a:DOUBLE', 'n:LONG');
  const shape = chartShape(columns, 0);
  assert.deepEqual(shape, { x: 0, values: [1, 2] });
  const data = chartData(shape!, columns, [['2024-01-01T00:00:01.000000Z', 1.5, '7'], ['2024-01-01T00:00:00.000000Z', null, '8']]);
  assert.deepEqual(data.xs, [1704067200, 1704067201]);
  assert.deepEqual(data.series, [{ label: 'a', values: [null, 1.5] }, { label: 'n', values: [8, 7] }]);
});

test('a key column splits the rows into one series per key', () => {
  const columns = cols('ts:TIMESTAMP', 'sym:SYMBOL', 'avg:DOUBLE');
  const shape = chartShape(columns, 0)!;
  assert.equal(shape.key, 1);
  const rows = [
    ['2024-01-01T00:00:00.000000Z', 'a', 1], ['2024-01-01T00:00:00.000000Z', 'b', 2],
    ['2024-01-01T01:00:00.000000Z', 'a', 3],
  ];
  const data = chartData(shape, columns, rows);
  assert.deepEqual(data.series, [{ label: 'a', values: [1, 3] }, { label: 'b', values: [2, null] }]);
});

test('series beyond the limit are counted, not drawn', () => {
  const columns = cols('ts:TIMESTAMP', 'k:VARCHAR', 'v:INT');
  const rows = ['a', 'b', 'c'].map((k) => ['2024-01-01T00:00:00.000000Z', k, 1]);
  const data = chartData(chartShape(columns, -1)!, columns, rows, 2);
  assert.equal(data.series.length, 2);
  assert.equal(data.droppedKeys, 1);
});

test('results without a time column or without numbers cannot be plotted', () => {
  assert.equal(chartShape(cols('x:LONG'), -1), undefined);
  assert.equal(chartShape(cols('ts:TIMESTAMP', 's:SYMBOL'), 0), undefined);
});

test('microseconds survive in the x value', () => {
  assert.ok(Math.abs(timeSeconds('2024-01-01T00:00:00.000250Z') - 1704067200.00025) < 1e-7);
  assert.ok(Number.isNaN(timeSeconds(null)));
});
