import assert from 'node:assert/strict';
import { pbkdf2 } from 'node:crypto';
import { closeSync, openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ColumnBatch } from '../../core/data/column-batch';
import { Types } from '../../core/data/column-type';
import { TableWriter } from '../../core/extension/storage-engine';
import { ColumnarEngine } from './columnar-engine';
import { DeferredWrites } from './file-writes';
import { makeBatch, openEngine, readRows, removeDir, tempDir } from './test-support';

test('deferred writes land at their positions once drained; a failure stays until forgotten', async () => {
  const dir = tempDir();
  try {
    const writes = new DeferredWrites();
    const path = join(dir, 'f.d');
    const big = new Uint8Array(3 << 20).map((_, i) => i % 251);
    writes.writeAndFinish(openSync(path, 'w+'), big, 0, 'nosync', path);
    writes.writeAndFinish(openSync(path, 'r+'), new Uint8Array([1, 2, 3]), big.length, 'sync', path);
    writes.writeAndFinish(openSync(path, 'r+'), new Uint8Array([9]), big.length + 10, 'async', path);
    assert.equal(writes.inFlight, 3);
    await writes.drain();
    assert.equal(writes.inFlight, 0);
    const bytes = readFileSync(path);
    assert.equal(bytes.length, big.length + 11);
    assert.ok(bytes.subarray(0, big.length).equals(big));
    assert.deepEqual([...bytes.subarray(big.length)], [1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 9]);

    const closed = openSync(path, 'r');
    closeSync(closed);
    writes.writeAndFinish(closed, new Uint8Array([1]), 0, 'nosync', path);
    await writes.settle();
    // write(2)'s error names no file: the failure carries the path, for a full disk's answer.
    await assert.rejects(writes.drain(), (e: NodeJS.ErrnoException) => e.code === 'EBADF' && e.path === path);
    await assert.rejects(writes.drain(), /EBADF/);
    writes.forget();
    await writes.drain();
  } finally {
    removeDir(dir);
  }
});

const DAY = 86_400_000_000;
const TYPES = [Types.TIMESTAMP, Types.LONG];
const rows = (from: number, count: number, n: (i: number) => number): [number, number][] =>
  Array.from({ length: count }, (_, k) => [DAY + (from + k) * 10, n(from + k)]);

/** Bytes of column `n` in the table's one partition. */
function columnBytes(dir: string): number {
  const table = join(dir, readdirSync(dir).find((d) => d.startsWith('t~')) as string);
  const day = readdirSync(table).find((d) => d.startsWith('1970-01-02')) as string;
  return statSync(join(table, day, readdirSync(join(table, day)).find((f) => f.startsWith('n')) as string)).size;
}

/**
 * Keeps libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says more, up to 16 here) busy for ~0.3 s,
 * so deferred writes issued meanwhile wait in its queue: the writer must not go on as if they had landed.
 */
function occupyThreadPool(): Promise<void> {
  return new Promise((resolve) => {
    let left = 16;
    for (let k = 0; k < 16; k++) pbkdf2('x', 'y', 300_000, 32, 'sha256', () => { if (--left === 0) resolve(); });
  });
}

/** `count` rows from row `from` (10 µs apart on day 1) with `n` = `value(i)`, as typed arrays. */
function bigBatch(from: number, count: number, value: (i: number) => number): ColumnBatch {
  const ts = new Float64Array(count);
  const n = new Float64Array(count);
  for (let k = 0; k < count; k++) { ts[k] = DAY + (from + k) * 10; n[k] = value(from + k); }
  return { rowCount: count, vectors: [{ type: Types.TIMESTAMP, data: ts }, { type: Types.LONG, data: n }] };
}

/** Runs `body` on table `t` (ts, n LONG; DAY partitions) with `maxUncommittedRows`, in a temporary root. */
async function withTable(maxUncommittedRows: number, body: (engine: ColumnarEngine, w: TableWriter, dir: string) => Promise<void>): Promise<void> {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await engine.createTable({ name: 't', columns: [{ name: 'ts', type: Types.TIMESTAMP }, { name: 'n', type: Types.LONG }], timestamp: 'ts', partitionBy: 'DAY', maxUncommittedRows });
    const w = await engine.openWriter('t');
    await body(engine, w, dir);
    await w.close();
  } finally {
    removeDir(dir);
  }
}

test('a rollback waits for the deferred writes of the last stage before cutting the files', async () => {
  await withTable(2_000_000, async (engine, w, dir) => {
    const committed = rows(0, 10, (i) => i);
    await w.append(makeBatch(TYPES, committed));
    await w.commit();
    // One stage appended in place after the committed rows, its writes still queued, rolled back.
    const busy = occupyThreadPool();
    await w.append(bigBatch(10, 2_000_000, () => -1));
    await w.rollback();
    await busy;
    assert.equal(columnBytes(dir), 80);
    const after = rows(10, 10, (i) => 1000 + i);
    await w.append(makeBatch(TYPES, after));
    await w.commit();
    assert.deepEqual(await readRows(engine.openReader('t')), [...committed, ...after]);
    assert.equal(columnBytes(dir), 160);
  });
});

test('a commit waits for the deferred writes; rows past several stages (buffers reused two stages later) all arrive', async () => {
  await withTable(200_000, async (engine, w, dir) => {
    const total = 1_210_000;
    const at = (k: number, n: number): Promise<void> => w.append(bigBatch(k, n, (i) => i * 3));
    // Five stages, the later ones filling buffers whose writes were queued two stages before.
    const first = occupyThreadPool();
    for (let k = 0; k < 1_000_000; k += 50_000) await at(k, 50_000);
    await first;
    // A sixth stage whose writes are queued when the commit comes.
    const busy = occupyThreadPool();
    await at(1_000_000, 200_000);
    await at(1_200_000, 10_000);
    await w.commit();
    let row = 0;
    let wrong = 0;
    for await (const b of engine.openReader('t').scan({ columns: [0, 1] })) {
      const ts = b.vectors[0].data;
      const n = b.vectors[1].data;
      for (let r = 0; r < b.rowCount; r++, row++) if (ts[r] !== DAY + row * 10 || n[r] !== row * 3) wrong++;
    }
    assert.deepEqual([row, wrong], [total, 0]);
    assert.equal(columnBytes(dir), total * 8);
    await busy;
  });
});
