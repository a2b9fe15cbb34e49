import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ColumnBatch } from '../../data/column-batch';
import { Types } from '../../data/column-type';
import { LONG_NULL } from '../../data/null-values';
import { ResultColumn } from '../../data/result-set';
import { ExecContext, PlanNode } from '../plan';
import { QueryCancellation } from '../query-cancellation';
import { Sort } from './sort';

/** A deterministic random source, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

interface Rows { d: number[]; k: number[] }

/** DOUBLE `d` (few distinct values, NaN nulls: many ties) and LONG `k` (LONG nulls), in batches of `batch` rows. */
function source(rows: Rows, batch: number): PlanNode {
  const columns: ResultColumn[] = [{ name: 'd', type: Types.DOUBLE }, { name: 'k', type: Types.LONG }];
  return {
    columns, children: [], label: 'rows', timestampIndex: -1,
    async *execute(): AsyncIterable<ColumnBatch> {
      for (let lo = 0; lo < rows.d.length; lo += batch) {
        const hi = Math.min(rows.d.length, lo + batch);
        yield { rowCount: hi - lo, vectors: [
          { type: Types.DOUBLE, data: Float64Array.from(rows.d.slice(lo, hi)) },
          { type: Types.LONG, data: Float64Array.from(rows.k.slice(lo, hi)) },
        ] };
      }
    },
  } as unknown as PlanNode;
}

function randomRows(n: number, seed: number): Rows {
  const r = random(seed);
  const rows: Rows = { d: [], k: [] };
  for (let i = 0; i < n; i++) {
    rows.d.push(r() < 0.1 ? NaN : Math.floor(r() * 20) / 2);
    rows.k.push(r() < 0.1 ? LONG_NULL : Math.floor(r() * 1e6) - 5e5);
  }
  return rows;
}

/** The naive reference: a stable sort of row numbers, NaN and LONG null first, `d` ascending then `k` descending. */
function naive(rows: Rows, limit: number): [number, number][] {
  const order = rows.d.map((_x, i) => i).sort((a, b) => {
    const x = rows.d[a], y = rows.d[b];
    if (Number.isNaN(x) !== Number.isNaN(y)) return Number.isNaN(x) ? -1 : 1;
    if (x !== y && !Number.isNaN(x)) return x - y;
    return rows.k[b] - rows.k[a];
  });
  return order.slice(0, limit).map((i) => [rows.d[i], rows.k[i]]);
}

async function sorted(rows: Rows, limit: number | undefined, batch: number): Promise<[number, number][]> {
  const cancellation = new QueryCancellation(new AbortController().signal);
  const context = { cancellation, signal: cancellation.signal } as unknown as ExecContext;
  const sort = new Sort(source(rows, batch), [{ index: 0, descending: false }, { index: 1, descending: true }], limit, -1);
  const out: [number, number][] = [];
  for await (const b of sort.execute(context)) {
    for (let i = 0; i < b.rowCount; i++) out.push([b.vectors[0].data[i], b.vectors[1].data[i]]);
  }
  return out;
}

test('top-N by heap equals the first N rows of a naive stable sort, NaN and LONG nulls and ties included', async () => {
  for (const [n, seed] of [[200_000, 1], [70_000, 2], [5_000, 3]]) {
    const rows = randomRows(n, seed);
    for (const limit of [1, 10, 1_000]) {
      assert.deepEqual(await sorted(rows, limit, 30_000), naive(rows, limit), `${n} rows, LIMIT ${limit}`);
    }
  }
});

test('a full sort equals the naive stable sort', async () => {
  const rows = randomRows(50_000, 4);
  assert.deepEqual(await sorted(rows, undefined, 7_000), naive(rows, rows.d.length));
});

test('an empty input, a single row and a limit past the rows', async () => {
  assert.deepEqual(await sorted({ d: [], k: [] }, 10, 100), []);
  assert.deepEqual(await sorted({ d: [NaN], k: [LONG_NULL] }, 10, 100), [[NaN, LONG_NULL]]);
  const rows = randomRows(30, 5);
  assert.deepEqual(await sorted(rows, 100, 7), naive(rows, 100));
});
