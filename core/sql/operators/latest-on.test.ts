import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ColumnBatch } from '../../data/column-batch';
import { Types } from '../../data/column-type';
import { MemorySymbolTable } from '../../data/symbol-table';
import { ExecContext, PlanNode } from '../plan';
import { QueryCancellation } from '../query-cancellation';
import { UNLIMITED_MEMORY } from '../query-memory';
import { LatestOn } from './latest-on';

const symbols = new MemorySymbolTable(['a', 'b', 'c']);
const columns = [{ name: 'ts', type: Types.TIMESTAMP }, { name: 's', type: Types.SYMBOL }];

/** A backwards input of `batches` (keys newest first, timestamps falling), counting the batches pulled. */
function input(batches: readonly (readonly number[])[]): PlanNode & { pulled: number } {
  let ts = 1e6;
  const node = {
    columns, timestampIndex: 0, label: 'Input', children: [], pulled: 0,
    async *execute(): AsyncIterable<ColumnBatch> {
      for (const keys of batches) {
        node.pulled++;
        const t = Float64Array.from(keys, () => ts--);
        yield { rowCount: keys.length, vectors: [{ type: Types.TIMESTAMP, data: t }, { type: Types.SYMBOL, data: Int32Array.from(keys), symbols }] };
      }
    },
  };
  return node;
}

function context(): ExecContext {
  const cancellation = new QueryCancellation(new AbortController().signal);
  return { cancellation, signal: cancellation.signal, memory: UNLIMITED_MEMORY } as unknown as ExecContext;
}

async function run(child: PlanNode, keyNulls?: () => boolean): Promise<unknown[][]> {
  const node = new LatestOn({
    child, backwards: true, timestamp: 0, timestampIndex: 0, columns,
    keys: [{ kind: 'column', index: 1, type: Types.SYMBOL } as never], keyNulls,
  });
  const rows: unknown[][] = [];
  for await (const b of node.execute(context())) {
    for (let i = 0; i < b.rowCount; i++) rows.push([b.vectors[0].data[i], b.vectors[1].data[i]]);
  }
  return rows;
}

const BATCHES = [[0, 1], [1, 0], [2, 0], [1, 1], [0, 2]];

test('a backwards walk over a key column without NULL ends once every dictionary key was found', async () => {
  const child = input(BATCHES);
  const rows = await run(child, () => false);
  assert.equal(child.pulled, 3);
  assert.deepEqual(rows.map((r) => r[1]), [2, 1, 0]);
});

test('a key column that may hold NULL is searched to its end for the NULL key, as without the check', async () => {
  const maybe = input(BATCHES), unknown = input(BATCHES);
  const a = await run(maybe, () => true), b = await run(unknown);
  assert.equal(maybe.pulled, BATCHES.length);
  assert.equal(unknown.pulled, BATCHES.length);
  assert.deepEqual(a, b);
  const withNull = input([[0, 1], [2], [1, -1], [0]]);
  const rows = await run(withNull, () => true);
  assert.deepEqual(rows.map((r) => r[1]), [-1, 2, 1, 0]);
  assert.equal(withNull.pulled, 3);
});
