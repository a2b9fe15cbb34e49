import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { arrayType, ColumnType, decimalType, geohashType, TypeTag, Types } from '../../../core/data/column-type';
import { VectorBuilder } from '../../../core/data/vector-builder';
import { ColumnarEngine } from '../columnar-engine';
import { Cell, makeBatch, openEngine, readRows, removeDir, tempDir } from '../test-support';

const DAY = 86_400_000_000;
const T0 = Date.UTC(2024, 0, 1) * 1000;

const TYPES: ColumnType[] = [
  Types.TIMESTAMP, Types.BOOLEAN, Types.BYTE, Types.SHORT, Types.CHAR, Types.INT, Types.LONG, Types.FLOAT, Types.DOUBLE,
  Types.DATE, Types.SYMBOL, Types.STRING, Types.VARCHAR, Types.UUID, Types.IPV4, Types.LONG256, Types.BINARY,
  geohashType(5, false), geohashType(30, true), geohashType(60, true), decimalType(30, 4),
];

/** `n` rows a day over `days` days, every type, some nulls. */
function rows(days: number, n: number, from = 0): Cell[][] {
  const out: Cell[][] = [];
  for (let d = 0; d < days; d++) {
    for (let i = 0; i < n; i++) {
      const k = from + d * n + i;
      const nul = k % 7 === 3;
      out.push([
        T0 + (d * DAY) + i * 60_000_000 + (from % 1000), k % 2, (k % 200) - 100, k * 3 - 500, nul ? null : 65 + (k % 26), nul ? null : k, nul ? null : k * 1_000_003,
        nul ? null : k / 4, nul ? null : k * 1.25, nul ? null : 1_700_000_000_000 + k, nul ? null : `s${k % 5}`, nul ? null : `str ${k}`, nul ? null : `é${k}`,
        nul ? null : Uint8Array.from({ length: 16 }, (_, b) => (k + b) & 255), nul ? null : 0x0a000000 + k, nul ? null : Uint8Array.from({ length: 32 }, (_, b) => (k * 3 + b) & 255),
        nul ? null : Uint8Array.from({ length: k % 5 }, (_, b) => b), nul ? null : k % 32, nul ? null : k * 1001, nul ? null : 2n ** 59n + BigInt(k),
        nul ? null : decimalBytesOf(BigInt(k) * 12345n - 99999n),
      ]);
    }
  }
  return out;
}

function decimalBytesOf(v: bigint): Uint8Array {
  const b = new Uint8Array(32);
  let x = BigInt.asUintN(256, v);
  for (let i = 0; i < 32; i++) { b[i] = Number(x & 0xffn); x >>= 8n; }
  return b;
}

async function table(engine: ColumnarEngine, name: string, data: Cell[][], extra: Partial<{ dedupKeys: string[] }> = {}): Promise<void> {
  await engine.createTable({ name, columns: TYPES.map((type, i) => ({ name: `c${i}`, type })), timestamp: 'c0', partitionBy: 'DAY', ...extra });
  const w = await engine.openWriter(name);
  await w.append(makeBatch(TYPES, data));
  await w.commit();
  await w.close();
}

async function same(engine: ColumnarEngine, a: string, b: string, options?: Parameters<typeof readRows>[1]): Promise<void> {
  const ra = await readRows(engine.openReader(a), options);
  const rb = await readRows(engine.openReader(b), options);
  assert.equal(ra.length, rb.length);
  assert.deepEqual(ra, rb);
}

function tiers(engine: ColumnarEngine, name: string): string[] {
  return engine.openReader(name).partitions.map((p) => `${p.name}:${p.tier}`);
}

test('a table with Parquet partitions reads exactly like the same table kept native, every type, intervals, reverse', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir, { parquetEncoding: { codec: 'ZSTD', compressionLevel: 3, rowGroupSize: 50, dataPageSize: 4096, version: 2 } });
    const data = rows(3, 120);
    await table(engine, 'nat', data);
    await table(engine, 'pq', data);
    assert.equal(await engine.convertPartitions('pq', ['2024-01-01', '2024-01-03'], 'parquet'), 2);
    assert.deepEqual(tiers(engine, 'pq'), ['2024-01-01:parquet', '2024-01-02:native', '2024-01-03:parquet']);
    await same(engine, 'nat', 'pq');
    await same(engine, 'nat', 'pq', { reverse: true, batchRows: 7 });
    const intervals = [{ lo: T0 + 30 * 60_000_000, hi: T0 + 41 * 60_000_000 }, { lo: T0 + 2 * DAY + 7 * 60_000_000, hi: T0 + 2 * DAY + 100 * 60_000_000 }];
    await same(engine, 'nat', 'pq', { intervals, columns: [0, 10, 8, 19] });
    const before = engine.parquet.counters.rowGroupsPruned;
    await same(engine, 'nat', 'pq', { intervals: [{ lo: T0 + 2 * DAY + 60 * 60_000_000, hi: T0 + 2 * DAY + 70 * 60_000_000 }], columns: [8] });
    assert.ok(engine.parquet.counters.rowGroupsPruned > before, 'an interval inside one row group skips the others');
    // Restart: the tier and the rows survive.
    await engine.close();
    const again = await openEngine(dir);
    assert.deepEqual(tiers(again, 'pq'), ['2024-01-01:parquet', '2024-01-02:native', '2024-01-03:parquet']);
    await same(again, 'nat', 'pq');
    assert.equal(await again.convertPartitions('pq', ['2024-01-01', '2024-01-02', '2024-01-03'], 'native'), 2);
    assert.deepEqual(tiers(again, 'pq'), ['2024-01-01:native', '2024-01-02:native', '2024-01-03:native']);
    await same(again, 'nat', 'pq');
  } finally {
    removeDir(dir);
  }
});

test('out-of-order rows, appends and deduplicated rows into Parquet partitions merge and keep the tier', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir, { parquetEncoding: { codec: 'LZ4_RAW', compressionLevel: 0, rowGroupSize: 64, dataPageSize: 1 << 20, version: 1 } });
    const data = rows(2, 100);
    for (const name of ['nat', 'pq']) await table(engine, name, data, { dedupKeys: ['c0', 'c10'] });
    await engine.convertPartitions('pq', ['2024-01-01', '2024-01-02'], 'parquet');
    // Late rows into the first day (out of order), rows after the last (in order), and rows repeating keys.
    const late = rows(1, 30, 7).map((r) => { const c = [...r]; c[0] = (c[0] as number) + 30_000_000; return c; });
    const next = rows(1, 10, 5000).map((r) => { const c = [...r]; c[0] = (c[0] as number) + DAY + 200 * 60_000_000; return c; });
    const repeat = data.slice(5, 15).map((r) => { const c = [...r]; c[8] = 999.5; return c; });
    for (const batch of [late, next, repeat]) {
      for (const name of ['nat', 'pq']) {
        const w = await engine.openWriter(name);
        await w.append(makeBatch(TYPES, batch));
        await w.commit();
        await w.close();
      }
      assert.deepEqual(tiers(engine, 'pq'), ['2024-01-01:parquet', '2024-01-02:parquet']);
      await same(engine, 'nat', 'pq');
    }
    const changed = (await readRows(engine.openReader('pq'))).filter((r) => r[8] === 999.5);
    assert.equal(changed.length, 10);
  } finally {
    removeDir(dir);
  }
});

test('a writer truncate (UPDATE) keeps Parquet partitions Parquet; a rollback leaves the file as it was', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    const data = rows(2, 50);
    await table(engine, 'pq', data);
    await engine.convertPartitions('pq', ['2024-01-02'], 'parquet');
    const before = await readRows(engine.openReader('pq'));
    let w = await engine.openWriter('pq');
    await w.append(makeBatch(TYPES, rows(1, 5, 50).map((r) => { const c = [...r]; c[0] = (c[0] as number) + DAY; return c; })));
    await w.rollback();
    await w.close();
    assert.deepEqual(await readRows(engine.openReader('pq')), before);
    w = await engine.openWriter('pq');
    await w.truncate();
    await w.append(makeBatch(TYPES, data.map((r) => { const c = [...r]; c[5] = 7; return c; })));
    await w.commit();
    await w.close();
    assert.deepEqual(tiers(engine, 'pq'), ['2024-01-01:native', '2024-01-02:parquet']);
    assert.ok((await readRows(engine.openReader('pq'))).every((r) => r[5] === 7));
  } finally {
    removeDir(dir);
  }
});

test('columns added, dropped and renamed after a conversion read as in a native partition', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    const data = rows(2, 40);
    for (const name of ['nat', 'pq']) await table(engine, name, data);
    await engine.convertPartitions('pq', ['2024-01-01'], 'parquet');
    for (const name of ['nat', 'pq']) {
      await engine.addColumn(name, { name: 'extra', type: Types.DOUBLE });
      await engine.dropColumn(name, 'c5');
      await engine.renameColumn(name, 'c6', 'renamed');
    }
    await same(engine, 'nat', 'pq');
    await engine.convertPartitions('pq', ['2024-01-02'], 'parquet');
    await engine.convertPartitions('pq', ['2024-01-01'], 'native');
    await same(engine, 'nat', 'pq');
  } finally {
    removeDir(dir);
  }
});

test('missing partitions and unsupported types are refused; a damaged file fails reads clearly and loses nothing', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await table(engine, 'pq', rows(2, 20));
    await assert.rejects(engine.convertPartitions('pq', ['2023-05-05'], 'parquet'), /partition does not exist \[table=pq, partition=2023-05-05\]/);
    const matrix = arrayType(TypeTag.DOUBLE, 2);
    await engine.createTable({ name: 'arr', columns: [{ name: 'ts', type: Types.TIMESTAMP }, { name: 'm', type: matrix }], timestamp: 'ts', partitionBy: 'DAY' });
    const m = new VectorBuilder(matrix, 1);
    m.appendArray([1, 2, 3, 4], [2, 2]);
    const w = await engine.openWriter('arr');
    await w.append({ rowCount: 1, vectors: [{ type: Types.TIMESTAMP, data: Float64Array.of(T0) }, m.build()] });
    await w.commit();
    await w.close();
    await assert.rejects(engine.convertPartitions('arr', ['2024-01-01'], 'parquet'), /column m is DOUBLE\[\]\[\]/);
    assert.deepEqual(tiers(engine, 'arr'), ['2024-01-01:native']);
    await engine.convertPartitions('pq', ['2024-01-02'], 'parquet');
    const p = engine.openReader('pq').partitions[1];
    assert.equal(p.tier, 'parquet');
    const folder = readdirSync(join(dir, 'pq~1')).find((f) => f.startsWith('2024-01-02')) as string;
    const file = join(dir, 'pq~1', folder, 'data.parquet');
    const good = readFileSync(file);
    writeFileSync(file, Buffer.alloc(good.length, 7));
    const fresh = await openEngine(dir);
    await assert.rejects(readRows(fresh.openReader('pq')), /could not read Parquet partition \[table=pq, partition=2024-01-02/);
    assert.equal((await readRows(fresh.openReader('pq'), { intervals: [{ lo: T0, hi: T0 + DAY - 1 }] })).length, 20);
    writeFileSync(file, good);
    assert.equal((await readRows((await openEngine(dir)).openReader('pq'))).length, 40);
  } finally {
    removeDir(dir);
  }
});

test('a conversion a crash interrupted leaves the native partition and no folder behind', async () => {
  const dir = tempDir();
  try {
    const engine = await openEngine(dir);
    await table(engine, 'pq', rows(1, 30));
    await engine.close();
    // What a SIGKILL during the encode leaves: a new folder version holding part of a file, not in _txn.
    const half = join(dir, 'pq~1', '2024-01-01.2');
    mkdirSync(half);
    writeFileSync(join(half, 'data.parquet'), Buffer.from('PAR1 half written'));
    const again = await openEngine(dir);
    assert.equal(existsSync(half), false);
    assert.deepEqual(tiers(again, 'pq'), ['2024-01-01:native']);
    assert.equal((await readRows(again.openReader('pq'))).length, 30);
  } finally {
    removeDir(dir);
  }
});
