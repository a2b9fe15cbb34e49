import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ColumnBatch } from '../../core/data/column-batch';
import { Types, arrayType, TypeTag } from '../../core/data/column-type';
import { Vector } from '../../core/data/vector';
import { openEngine, removeDir, tempDir } from './test-support';

const D1 = arrayType(TypeTag.DOUBLE, 1);
const D2 = arrayType(TypeTag.DOUBLE, 2);

/** Rows of [ts, 1-d array or null, 2-d array ([rows][cols]) or null]. */
type Row = [number, number[] | null, number[][] | null];

function batch(rows: readonly Row[]): ColumnBatch {
  const ts = Float64Array.from(rows.map((r) => r[0]));
  const flat1: number[] = []; const off1 = [0]; const nulls1: number[] = [];
  const flat2: number[] = []; const off2 = [0]; const nulls2: number[] = []; const shapes: number[] = [];
  for (const [, a, b] of rows) {
    nulls1.push(a === null ? 1 : 0);
    if (a) flat1.push(...a);
    off1.push(flat1.length);
    nulls2.push(b === null ? 1 : 0);
    if (b) { for (const line of b) flat2.push(...line); shapes.push(b.length, b[0]?.length ?? 0); } else shapes.push(0, 0);
    off2.push(flat2.length);
  }
  const v1: Vector = { type: D1, data: Float64Array.from(flat1), offsets: Int32Array.from(off1), nulls: Uint8Array.from(nulls1) };
  const v2: Vector = { type: D2, data: Float64Array.from(flat2), offsets: Int32Array.from(off2), nulls: Uint8Array.from(nulls2), shapes: Int32Array.from(shapes) };
  return { rowCount: rows.length, vectors: [{ type: Types.TIMESTAMP, data: ts }, v1, v2] };
}

async function read(engine: Awaited<ReturnType<typeof openEngine>>, reverse = false): Promise<Row[]> {
  const out: Row[] = [];
  for await (const b of engine.openReader('arr').scan({ columns: [0, 1, 2], reverse })) {
    const [ts, a, m] = b.vectors;
    for (let r = 0; r < b.rowCount; r++) {
      const one = a.nulls?.[r] === 1 ? null : [...a.data.subarray((a.offsets as Int32Array)[r], (a.offsets as Int32Array)[r + 1])];
      let two: number[][] | null = null;
      if (m.nulls?.[r] !== 1) {
        const [h, w] = [(m.shapes as Int32Array)[2 * r], (m.shapes as Int32Array)[2 * r + 1]];
        const start = (m.offsets as Int32Array)[r];
        two = Array.from({ length: h }, (_, i) => [...m.data.subarray(start + i * w, start + (i + 1) * w)]);
      }
      out.push([ts.data[r], one, two]);
    }
  }
  return out;
}

test('DOUBLE arrays of one and two dimensions round-trip through merges, reverse scans and restarts', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 'arr', columns: [{ name: 'ts', type: Types.TIMESTAMP }, { name: 'a', type: D1 }, { name: 'm', type: D2 }], timestamp: 'ts', partitionBy: 'DAY' });
    const w = await engine.openWriter('arr');
    const first: Row[] = [[10, [1.5, -0, NaN], [[1, 2], [3, 4]]], [30, null, null], [40, [], [[5, 6, 7]]]];
    await w.append(batch(first));
    await w.commit();
    const late: Row[] = [[20, [2.5], null], [35, [9, 8, 7, 6, 5], [[1], [2], [3]]]];
    await w.append(batch(late));
    await w.commit();
    const expected = [first[0], late[0], first[1], late[1], first[2]];
    assert.deepEqual(await read(engine), expected);
    assert.deepEqual(await read(engine, true), [...expected].reverse());
    assert.deepEqual(await read(await openEngine(dir)), expected);
  } finally {
    removeDir(dir);
  }
});

test('LONG arrays are refused as table columns', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await assert.rejects(engine.createTable({ name: 't', columns: [{ name: 'a', type: arrayType(TypeTag.LONG, 1) }] }), /unsupported column type/);
  } finally {
    removeDir(dir);
  }
});
