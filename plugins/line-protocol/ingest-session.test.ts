import assert from 'node:assert/strict';
import { test } from 'node:test';
import { typeName, Types } from '../../core/data/column-type';
import { ColumnarEngine } from '../storage-columnar/columnar-engine';
import { openEngine, readRows, removeDir, tempDir } from '../storage-columnar/test-support';
import { LocalSource } from './block-source';
import { IngestSession } from './ingest-session';
import { isLineError } from './line-error';
import { PlanRules } from './table-plan';
import { TimeUnit } from './time-unit';

const RULES: PlanRules = {
  autoCreateTables: true, autoCreateColumns: true, partitionBy: 'DAY',
  newColumnTypes: { float: Types.DOUBLE, integer: Types.LONG }, maxColumns: 100, maxNewColumnsPerLine: 100, maxNameLength: 127, walEnabled: true,
  systemRelations: new Set(['telemetry_config']),
};

function session(engine: ColumnarEngine, keepRowsBeforeError = false): IngestSession {
  const source = new LocalSource({ maxLineBytes: 1 << 20, maxLineKey: 'k', maxTables: 10 }, { precision: TimeUnit.NANOS, now: () => 0 });
  return new IngestSession(engine, RULES, source, { writerTimeoutMs: 200, keepRowsBeforeError });
}

async function withEngine(body: (engine: ColumnarEngine) => Promise<void>): Promise<void> {
  const dir = tempDir();
  try {
    await body(await openEngine(dir));
  } finally {
    removeDir(dir);
  }
}

function columns(engine: ColumnarEngine, table: string): string {
  return (engine.getTable(table)?.columns ?? []).map((c) => `${c.name} ${typeName(c.type)}`).join(', ');
}

async function rows(engine: ColumnarEngine, table: string): Promise<unknown[][]> {
  const reader = engine.openReader(table);
  try {
    return await readRows(reader);
  } finally {
    reader.close();
  }
}

test('a request writes every table it names in one commit', () => withEngine(async (engine) => {
  const s = session(engine);
  s.feed(Buffer.from('a,k=x v=1i 1000\nb s="hi" 2000\na,k=y v=2i,w=0.5 3000\n'));
  s.end();
  await s.write();
  assert.equal(engine.getTable('a')?.columns.length, 4);
  assert.deepEqual(await rows(engine, 'a'), []);
  assert.equal(await s.commit(), 3);
  assert.equal(columns(engine, 'a'), 'k SYMBOL, v LONG, timestamp TIMESTAMP, w DOUBLE');
  assert.deepEqual(await rows(engine, 'a'), [['x', 1, 1, NaN], ['y', 2, 3, 0.5]]);
  assert.deepEqual(await rows(engine, 'b'), [['hi', 2]]);
}));

test('a value that does not fit throws before any table is created or changed', () => withEngine(async (engine) => {
  const first = session(engine);
  first.feed(Buffer.from('t v=1i 1000\n'));
  await first.write();
  await first.commit();
  const s = session(engine);
  s.feed(Buffer.from('n x=1i\nt v=2i,extra=1i 2000\nt v=2.5 3000\n'));
  s.end();
  await assert.rejects(s.write(), (e: unknown) => isLineError(e) && e.line === 3 && /cast error from protocol type: FLOAT to column type: LONG/.test(e.message));
  await s.rollback();
  assert.equal(engine.getTable('n'), undefined);
  assert.equal(columns(engine, 't'), 'v LONG, timestamp TIMESTAMP');
}));

test('rows written before the end stay uncommitted, and later new columns join them as NULL', () => withEngine(async (engine) => {
  const s = session(engine);
  s.feed(Buffer.from('t,k=a v=1i 1000\n'));
  await s.write();
  s.feed(Buffer.from('t,k=b v=2i,late="z" 2000\n'));
  await s.write();
  assert.deepEqual(await rows(engine, 't'), []);
  await s.commit();
  assert.deepEqual(await rows(engine, 't'), [['a', 1, 1, null], ['b', 2, 2, 'z']]);
}));

test('a rollback leaves the tables as they were', () => withEngine(async (engine) => {
  const s = session(engine);
  s.feed(Buffer.from('t v=1i 1000\n'));
  await s.write();
  await s.rollback();
  assert.deepEqual(await rows(engine, 't'), []);
  const again = session(engine);
  again.feed(Buffer.from('t v=2i 2000\n'));
  await again.write();
  await again.commit();
  assert.deepEqual(await rows(engine, 't'), [[2, 2]]);
}));

test('after a refused write, truncateBefore keeps the rows of earlier lines (TCP)', () => withEngine(async (engine) => {
  const s = session(engine, true);
  s.feed(Buffer.from('t v=1i 1000\nu v=1i 1000\nt v=2.5 2000\nt v=3i 3000\n'));
  await assert.rejects(s.write(), (e: unknown) => isLineError(e) && e.line === 3);
  s.truncateBefore(3);
  await s.write();
  assert.equal(await s.commit(), 2);
  assert.deepEqual(await rows(engine, 't'), [[1, 1]]);
}));

test('with keepRowsBeforeError a line that does not parse leaves the earlier rows writable', () => withEngine(async (engine) => {
  const tcp = session(engine, true);
  tcp.feed(Buffer.from('t v=1i 1000\nt v=oops 2000\n'));
  assert.equal(tcp.error?.line, 2);
  await tcp.write();
  assert.equal(await tcp.commit(), 1);
  const http = session(engine);
  http.feed(Buffer.from('t v=2i 3000\nt v=oops 4000\n'));
  await assert.rejects(http.write(), (e: unknown) => isLineError(e) && e.line === 2);
}));

test('an existing table keeps its designated timestamp and narrower types', () => withEngine(async (engine) => {
  await engine.createTable({ name: 'e', columns: [{ name: 'ts', type: Types.TIMESTAMP }, { name: 'n', type: Types.INT }, { name: 'f', type: Types.FLOAT }], timestamp: 'ts', partitionBy: 'DAY' });
  const s = session(engine);
  s.feed(Buffer.from('e n=5i,f=1.5 7000\n'));
  await s.write();
  await s.commit();
  assert.deepEqual(await rows(engine, 'e'), [[7, 5, 1.5]]);
  const bad = session(engine);
  bad.feed(Buffer.from('e n=3000000000i 8000\n'));
  await assert.rejects(bad.write(), /line protocol value: 3000000000 is out bounds of column type: INT/);
}));

function committedTxn(engine: ColumnarEngine, table: string): number {
  const reader = engine.openReader(table);
  try {
    return reader.committedTxn ?? -1;
  } finally {
    reader.close();
  }
}

test('a line adding hundreds of columns to a table of 30 partitions is one schema change, not one per column', () => withEngine(async (engine) => {
  const seed = session(engine);
  const day = 86_400_000_000_000;
  seed.feed(Buffer.from(Array.from({ length: 30 }, (_, d) => `wide,k=a v=${d}i ${1_700_000_000_000_000_000 + d * day}\n`).join('')));
  await seed.write();
  await seed.commit();
  const before = committedTxn(engine, 'wide');
  const s = session(engine);
  const fields = Array.from({ length: 90 }, (_, i) => `f${i}=${i}i`).join(',');
  s.feed(Buffer.from(`wide,k=b ${fields} ${1_700_000_000_000_000_000 + 29 * day}\n`));
  s.end();
  await s.write();
  await s.commit();
  assert.equal(engine.getTable('wide')?.columns.length, 93);
  // One transaction adds the 90 columns and one commits the row (each column alone was one `_txn` write).
  assert.equal(committedTxn(engine, 'wide') - before, 2);
}));
