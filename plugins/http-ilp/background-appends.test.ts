import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Types } from '../../core/data/column-type';
import { ColumnarEngine } from '../storage-columnar/columnar-engine';
import { openEngine, readRows, removeDir, tempDir } from '../storage-columnar/test-support';
import { LocalSource } from '../line-protocol/block-source';
import { APPEND_BYTES, IngestSession } from '../line-protocol/ingest-session';
import { isLineError } from '../line-protocol/line-error';
import { PlanRules } from '../line-protocol/table-plan';
import { TimeUnit } from '../line-protocol/time-unit';
import { BackgroundAppends } from './background-appends';

const RULES: PlanRules = {
  autoCreateTables: true, autoCreateColumns: true, partitionBy: 'DAY',
  newColumnTypes: { float: Types.DOUBLE, integer: Types.LONG }, maxColumns: 100, maxNewColumnsPerLine: 100, maxNameLength: 127, walEnabled: true,
  systemRelations: new Set(),
};

function session(engine: ColumnarEngine): IngestSession {
  const source = new LocalSource({ maxLineBytes: 1 << 20, maxLineKey: 'k', maxTables: 10 }, { precision: TimeUnit.NANOS, now: () => 0 });
  return new IngestSession(engine, RULES, source, { writerTimeoutMs: 200, keepRowsBeforeError: false });
}

async function withEngine(body: (engine: ColumnarEngine) => Promise<void>): Promise<void> {
  const dir = tempDir();
  try {
    await body(await openEngine(dir));
  } finally {
    removeDir(dir);
  }
}

async function count(engine: ColumnarEngine, table: string): Promise<number> {
  const reader = engine.openReader(table);
  try {
    return (await readRows(reader)).length;
  } finally {
    reader.close();
  }
}

/** `n` lines of `table` in chunks of 1,000, each chunk followed by `after`. */
async function feedLines(s: IngestSession, appends: BackgroundAppends, table: string, n: number, bufferBytes: number): Promise<void> {
  for (let i = 0; i < n; i += 1000) {
    let chunk = '';
    for (let j = i; j < Math.min(n, i + 1000); j++) chunk += `${table},k=h${j % 7} n=${j}i,x=${j / 4} ${1700000000000000000 + j}\n`;
    s.feed(Buffer.from(chunk));
    await appends.after(bufferBytes);
  }
}

/** Creates table `t` with the columns the fed lines name. */
async function createTable(engine: ColumnarEngine): Promise<void> {
  const s = session(engine);
  s.feed(Buffer.from('t,k=a n=1i,x=0.5 1700000000000000000\n'));
  await s.write();
  await s.commit();
}

test('rows go to the writers while the input is still fed, uncommitted until the commit', () => withEngine(async (engine) => {
  await createTable(engine);
  const s = session(engine);
  const appends = new BackgroundAppends(s, new AbortController().signal);
  const n = 200_000;
  await feedLines(s, appends, 't', n, 64 << 20);
  await appends.finish();
  // Appends took rows before the end (more than APPEND_BYTES of them were parsed).
  assert.ok(s.bufferedRows < n, `${s.bufferedRows} rows still buffered of ${n}`);
  assert.ok(APPEND_BYTES < n * 20);
  assert.equal(await count(engine, 't'), 1);
  s.end();
  await s.write();
  assert.equal(await s.commit(), n);
  assert.equal(await count(engine, 't'), n + 1);
}));

test('past the buffer the next step waits for the running append', () => withEngine(async (engine) => {
  await createTable(engine);
  const s = session(engine);
  const appends = new BackgroundAppends(s, new AbortController().signal);
  // A buffer smaller than one append: every step after an append started waits for it.
  await feedLines(s, appends, 't', 100_000, 1);
  await appends.finish();
  s.end();
  await s.write();
  assert.equal(await s.commit(), 100_000);
}));

test('an append that meets a refused line throws at the next step; the rollback leaves nothing', () => withEngine(async (engine) => {
  await createTable(engine);
  const s = session(engine);
  const appends = new BackgroundAppends(s, new AbortController().signal);
  let chunk = '';
  for (let j = 0; j < 150_000; j++) chunk += `t,k=b n=${j}i,x=1.5 ${1700000000000000000 + j}\n`;
  s.feed(Buffer.from(`${chunk}t,k=c n="text",x=1.5 1700000000000000001\n`));
  // The refused line is in the first append (the whole chunk was parsed at once).
  await appends.after(64 << 20);
  await assert.rejects(appends.finish(), (e: unknown) => isLineError(e) && e.line === 150_001 && /cast error/.test(e.message));
  await s.rollback();
  assert.equal(await count(engine, 't'), 1);
}));

test('rows that need a new table or column wait for the end, so a failed request leaves no table or column', () => withEngine(async (engine) => {
  for (const table of ['fresh', 't']) {
    if (table === 't') await createTable(engine);
    const s = session(engine);
    const appends = new BackgroundAppends(s, new AbortController().signal);
    let chunk = '';
    // On t, the column `extra` is new.
    for (let j = 0; j < 150_000; j++) chunk += `${table},k=b n=${j}i,x=1.5,extra=${j}i ${1700000000000000000 + j}\n`;
    s.feed(Buffer.from(chunk));
    await appends.after(64 << 20);
    await appends.finish();
    assert.equal(s.bufferedRows, 150_000, `${table}: nothing appended`);
    s.feed(Buffer.from(`${table},k=c n="text" 1700000000000000001\n`));
    s.end();
    await assert.rejects(s.write(), (e: unknown) => isLineError(e) && e.line === 150_001);
    await s.rollback();
    if (table === 'fresh') assert.equal(engine.getTable('fresh'), undefined);
    else assert.deepEqual(engine.getTable('t')?.columns.map((c) => c.name), ['k', 'n', 'x', 'timestamp']);
  }
}));
