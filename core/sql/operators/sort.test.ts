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

/** One key column of `type` (nulls as the type has them) and a row number, in batches; top-N by the key then the row number. */
async function topByKey(type: 'DOUBLE' | 'FLOAT' | 'INT' | 'LONG', descending: boolean, n: number, limit: number, seed: number): Promise<void> {
  const r = random(seed);
  const nul = { DOUBLE: NaN, FLOAT: NaN, INT: -2147483648, LONG: LONG_NULL }[type];
  // Few distinct values: ties at the cut; a rising drift, so later batches beat the kept rows (ascending) or not.
  const keys = Array.from({ length: n }, (_x, i) => (r() < 0.1 ? nul : Math.floor(r() * 50 + (i % 1000) / 100)));
  const columns: ResultColumn[] = [{ name: 'x', type: Types[type] }, { name: 'row', type: Types.LONG }];
  const make = (xs: number[]): Float64Array | Float32Array | Int32Array => (type === 'FLOAT' ? Float32Array.from(xs) : type === 'INT' ? Int32Array.from(xs) : Float64Array.from(xs));
  const src = {
    columns, children: [], label: 'rows', timestampIndex: -1,
    async *execute(): AsyncIterable<ColumnBatch> {
      for (let lo = 0; lo < n; lo += 20_000) {
        const hi = Math.min(n, lo + 20_000);
        yield { rowCount: hi - lo, vectors: [{ type: Types[type], data: make(keys.slice(lo, hi)) }, { type: Types.LONG, data: Float64Array.from({ length: hi - lo }, (_x, i) => lo + i) }] };
      }
    },
  } as unknown as PlanNode;
  const cancellation = new QueryCancellation(new AbortController().signal);
  const context = { cancellation, signal: cancellation.signal } as unknown as ExecContext;
  const out: number[] = [];
  for await (const b of new Sort(src, [{ index: 0, descending }], limit, -1).execute(context)) for (let i = 0; i < b.rowCount; i++) out.push(b.vectors[1].data[i]);
  // The naive reference: a stable sort of row numbers; nulls (NaN, the INT/LONG minimum) are the least values.
  const value = (i: number): number => (Number.isNaN(keys[i]) ? -Infinity : keys[i]);
  const expected = keys.map((_x, i) => i).sort((a, b) => (descending ? value(b) - value(a) : value(a) - value(b)) || a - b).slice(0, limit);
  assert.deepEqual(out, expected, `${type} ${descending ? 'DESC' : 'ASC'} LIMIT ${limit}`);
}

test('top-N cut by the first key (one typed loop per batch) keeps the rows a naive stable sort keeps: DOUBLE, FLOAT, INT, LONG, both directions, nulls and ties', async () => {
  for (const type of ['DOUBLE', 'FLOAT', 'INT', 'LONG'] as const) {
    for (const descending of [true, false]) {
      await topByKey(type, descending, 150_000, 10, 7);
      await topByKey(type, descending, 150_000, 3_000, 8);
    }
  }
});
