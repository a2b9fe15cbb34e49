/** Bind parameters through the real grammar, binder and storage: typing, reuse, conversion, errors. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Types, typeName } from '../../data/column-type';
import { SvcError } from '../../errors';
import { readValue, SqlValue } from '../vector/sql-value';
import { SqlHarness } from '../../../plugins/sql-engine/sql-harness';
import { CompiledQuery } from '../query-engine';
import { TableScan } from '../operators/table-scan';
import { PlanNode } from '../plan';

let h: SqlHarness;

before(async () => {
  h = await SqlHarness.open();
  await h.script(`CREATE TABLE t (ts TIMESTAMP, id SYMBOL, n INT, v DOUBLE, ok BOOLEAN) TIMESTAMP(ts) PARTITION BY DAY;
INSERT INTO t VALUES ('2024-01-01T00:00:00Z', 'a', 1, 1.5, true), ('2024-01-02T00:00:00Z', 'b', 2, 2.5, false), ('2024-01-03T00:00:00Z', 'a', 3, 3.5, true)`);
});
after(async () => { await h.close(); });

const signal = new AbortController().signal;

async function rows(q: CompiledQuery, parameters?: readonly SqlValue[]): Promise<SqlValue[][]> {
  const out = await q.execute({ signal, parameters });
  if (out.kind !== 'rows') throw new Error(out.kind);
  const all: SqlValue[][] = [];
  for await (const b of out.result.batches()) for (let i = 0; i < b.rowCount; i++) all.push(b.vectors.map((v) => readValue(v, i)));
  return all;
}

const types = (q: CompiledQuery): string[] => (q.parameters ?? []).map((p) => `${p.name}:${typeName(p.type)}`);

test('a parameter compared with a column takes the column type', () => {
  assert.deepEqual(types(h.compiler.compile('SELECT * FROM t WHERE n = $1 AND id = $2 AND ts > $3')), ['$1:INT', '$2:SYMBOL', '$3:TIMESTAMP']);
});

test('a parameter takes its INSERT column type, an explicit cast, or STRING without context', () => {
  assert.deepEqual(types(h.compiler.compile('INSERT INTO t VALUES ($1, $2, $3, $4, $5)')), ['$1:TIMESTAMP', '$2:SYMBOL', '$3:INT', '$4:DOUBLE', '$5:BOOLEAN']);
  assert.deepEqual(types(h.compiler.compile('SELECT $1::long, $2')), ['$1:LONG', '$2:STRING']);
  assert.deepEqual(types(h.compiler.compile('SELECT * FROM t WHERE $1')), ['$1:BOOLEAN']);
});

test('declared types win over inference, and a gap in the numbering is a STRING slot', () => {
  assert.deepEqual(types(h.compiler.compile('SELECT * FROM t WHERE n = $1', { parameterTypes: [Types.LONG] })), ['$1:LONG']);
  assert.deepEqual(types(h.compiler.compile('SELECT $3::int')), ['$1:STRING', '$2:STRING', '$3:INT']);
});

test('one compiled statement runs many times with different values', async () => {
  const q = h.compiler.compile('SELECT n FROM t WHERE v > $1 AND id = $2');
  assert.deepEqual(await rows(q, ['2', 'a']), [[3]]);
  assert.deepEqual(await rows(q, [0, 'a']), [[1], [3]]);
  assert.deepEqual(await rows(q, ['2', 'b']), [[2]]);
});

test('text values convert to the parameter types (PostgreSQL spellings)', async () => {
  const q = h.compiler.compile('SELECT n FROM t WHERE ok = $1 AND ts >= $2');
  assert.deepEqual(await rows(q, ['t', '2024-01-02 00:00:00']), [[3]]);
  assert.deepEqual(await rows(q, ['off', '2024-01-01 01:00:00+01:00']), [[2]]);
});

test('named parameters share a slot per name', async () => {
  const q = h.compiler.compile('SELECT n FROM t WHERE n >= :lo AND n <= :hi AND n != :lo');
  assert.deepEqual(types(q), [':lo:INT', ':hi:INT']);
  assert.deepEqual(await rows(q, [1, 3]), [[2], [3]]);
});

test('LIMIT $1 plans with each execution value', async () => {
  const q = h.compiler.compile('SELECT n FROM t LIMIT $1');
  assert.deepEqual(types(q), ['$1:LONG']);
  assert.deepEqual(await rows(q, [1]), [[1]]);
  assert.deepEqual(await rows(q, ['2']), [[1], [2]]);
});

test('an INSERT with parameters stores typed values', async () => {
  const q = h.compiler.compile('INSERT INTO t VALUES ($1, $2, $3, $4, $5)');
  await q.execute({ signal, parameters: ['2024-01-04 00:00:00', 'c', '4', '4.5', 'true'] });
  await q.execute({ signal, parameters: ['2024-01-05T00:00:00Z', null, 5, null, false] });
  assert.deepEqual((await h.query("SELECT id, n, v, ok FROM t WHERE ts >= '2024-01-04'")).rows, [['c', 4, 4.5, true], [null, 5, null, false]]);
});

test('a value that does not convert fails before any row', async () => {
  const q = h.compiler.compile('SELECT n FROM t WHERE n = $1');
  await assert.rejects(q.execute({ signal, parameters: ['1.5'] }), (e: unknown) => e instanceof SvcError && e.message === 'inconvertible value: `1.5` [STRING -> INT] for bind variable $1');
  await assert.rejects(q.execute({ signal, parameters: ['3000000000'] }), /inconvertible value/);
});

test('values missing or miscounted fail as QuestDB does', async () => {
  const q = h.compiler.compile('SELECT $1');
  await assert.rejects(q.execute({ signal }), (e: unknown) => e instanceof SvcError && e.message === 'bind variable service is not provided' && e.position === 0);
  await assert.rejects(q.execute({ signal, parameters: [] }), /bind variable count mismatch \[expected=1, actual=0\]/);
});

test('$0 and mixed styles are errors at the parameter', () => {
  assert.throws(() => h.compiler.compile('SELECT $0'), (e: unknown) => e instanceof SvcError && e.position === 7);
  assert.throws(() => h.compiler.compile('SELECT $1, :x'), (e: unknown) => e instanceof SvcError && e.message === 'cannot mix $n and :name bind variables' && e.position === 11);
});

test('a cast stays a cast: $1::int is typed INT, not converted text', async () => {
  assert.deepEqual(await rows(h.compiler.compile('SELECT $1::int + 1'), ['41']), [[42]]);
});

test('a time range of parameters on the designated timestamp narrows the scan at each execution', async () => {
  const plan = h.compiler.plan('SELECT n FROM t WHERE ts >= $1 AND ts < $2');
  const scans: unknown[] = [];
  const visit = (p: PlanNode): void => { if (p instanceof TableScan) scans.push(p.spec.runtimeIntervals); p.children.forEach(visit); };
  visit(plan);
  assert.equal(typeof scans[0], 'function');
  const q = h.compiler.compile('SELECT n FROM t WHERE ts >= $1 AND ts < $2');
  assert.deepEqual(await rows(q, ['2024-01-02', '2024-01-03']), [[2]]);
  assert.deepEqual(await rows(q, ['2024-01-01', '2024-01-03']), [[1], [2]]);
  assert.deepEqual(await rows(q, [null, '2024-01-02']), []);
});
