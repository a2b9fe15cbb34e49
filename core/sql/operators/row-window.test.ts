import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ColumnBatch } from '../../data/column-batch';
import { Types } from '../../data/column-type';
import { applyWindow, limitWindow } from './row-window';

async function* ids(n: number, batch: number): AsyncIterable<ColumnBatch> {
  for (let lo = 1; lo <= n; lo += batch) {
    const k = Math.min(batch, n - lo + 1);
    yield { rowCount: k, vectors: [{ type: Types.LONG, data: Float64Array.from({ length: k }, (_x, i) => lo + i) }] };
  }
}

async function run(lo: number, hi?: number): Promise<number[]> {
  const out: number[] = [];
  for await (const b of applyWindow(ids(10, 3), [Types.LONG], limitWindow(lo, hi))) out.push(...b.vectors[0].data);
  return out;
}

test('LIMIT n keeps the first n rows', async () => assert.deepEqual(await run(3), [1, 2, 3]));
test('LIMIT -n keeps the last n rows', async () => assert.deepEqual(await run(-3), [8, 9, 10]));
test('LIMIT 2, 5 keeps rows 3..5', async () => assert.deepEqual(await run(2, 5), [3, 4, 5]));
test('LIMIT 5, 2 swaps its bounds', async () => assert.deepEqual(await run(5, 2), [3, 4, 5]));
test('LIMIT -5, -3 keeps rows 6 and 7', async () => assert.deepEqual(await run(-5, -3), [6, 7]));
test('LIMIT 2, -1 drops two first rows and the last', async () => assert.deepEqual(await run(2, -1), [3, 4, 5, 6, 7, 8, 9]));
