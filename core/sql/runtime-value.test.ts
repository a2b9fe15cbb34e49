/** Values fixed per execution (`now()`, parameters and calls over them): scan intervals and one evaluation per execution. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SqlHarness } from '../../plugins/sql-engine/sql-harness';
import { TableScan } from './operators/table-scan';
import { ExecContext, PlanNode } from './plan';
import { readValue, SqlValue } from './vector/sql-value';
import { CompiledQuery } from './query-engine';
import { isRuntimeValue } from './runtime-value';
import { BoundExpr } from './bound-expression';

let h: SqlHarness;
const HOUR = 3_600_000_000;

before(async () => {
  h = await SqlHarness.open();
  // Rows 1 … 72 hours before now, one an hour, in DAY partitions.
  await h.script(`CREATE TABLE t (ts TIMESTAMP, n LONG) TIMESTAMP(ts) PARTITION BY DAY;
INSERT INTO t SELECT dateadd('h', -x::int, now()), x FROM long_sequence(72)`);
});
after(async () => { await h.close(); });

async function rows(q: CompiledQuery, parameters?: readonly SqlValue[]): Promise<SqlValue[][]> {
  const out = await q.execute({ signal: new AbortController().signal, parameters });
  if (out.kind !== 'rows') throw new Error(out.kind);
  const all: SqlValue[][] = [];
  for await (const b of out.result.batches()) for (let i = 0; i < b.rowCount; i++) all.push(b.vectors.map((v) => readValue(v, i)));
  return all;
}

function scanOf(sql: string): TableScan {
  const scans: TableScan[] = [];
  const visit = (p: PlanNode): void => { if (p instanceof TableScan) scans.push(p); p.children.forEach(visit); };
  visit(h.compiler.plan(sql));
  return scans[0];
}

test('a comparison of the designated timestamp with a function of now() narrows the scan at each execution', () => {
  const now = Date.UTC(2026, 0, 10, 12) * 1000;
  const context = { functions: { now, user: 'admin' } } as unknown as ExecContext;
  const cases: [string, { lo: number; hi: number }][] = [
    ["ts > dateadd('h', -5, now())", { lo: now - 5 * HOUR + 1, hi: 9007199254740991 }],
    ["ts >= date_trunc('day', now())", { lo: Date.UTC(2026, 0, 10) * 1000, hi: 9007199254740991 }],
    ["ts < dateadd('d', -1, now())", { lo: -9007199254740991, hi: now - 24 * HOUR - 1 }],
    ["dateadd('h', -2, now()) <= ts", { lo: now - 2 * HOUR, hi: 9007199254740991 }],
  ];
  for (const [where, expected] of cases) {
    const runtime = scanOf(`SELECT n FROM t WHERE ${where}`).spec.runtimeIntervals;
    assert.equal(typeof runtime, 'function', where);
    assert.deepEqual(runtime?.(context), [expected], where);
  }
  const between = scanOf("SELECT n FROM t WHERE ts BETWEEN dateadd('h', -30, now()) AND dateadd('h', -6, now())").spec.runtimeIntervals;
  assert.deepEqual(between?.(context), [{ lo: now - 30 * HOUR, hi: now - 6 * HOUR }]);
});

test('volatile functions and columns never count as fixed for an execution', () => {
  for (const where of ["ts > dateadd('h', -5, systimestamp())", 'ts > dateadd(\'h\', -5, ts)', "ts > dateadd('h', -5, rnd_timestamp('2020-01-01', '2030-01-01', 0))"]) {
    assert.equal(scanOf(`SELECT n FROM t WHERE ${where}`).spec.runtimeIntervals, undefined, where);
  }
  const call = (name: string, args: BoundExpr[]): BoundExpr => ({ kind: 'call', fn: { kind: 'scalar', name, args: [], returns: { tag: 0 }, kernel: () => { throw new Error(); } }, args, type: { tag: 0 }, position: 0 } as unknown as BoundExpr);
  assert.equal(isRuntimeValue(call('now', [])), true);
  assert.equal(isRuntimeValue(call('abs', [{ kind: 'constant', type: { tag: 0 }, value: 1, position: 0 } as unknown as BoundExpr])), false);
});

test('queries over now() give the rows of their window, the same as the constants they stand for', async () => {
  const count = async (where: string): Promise<SqlValue> => (await rows(h.compiler.compile(`SELECT count() FROM t WHERE ${where}`)))[0][0];
  assert.equal(await count("ts > dateadd('m', -150, now())"), 2);
  assert.equal(await count("ts >= dateadd('h', -73, now()) AND ts < dateadd('m', -1470, now())"), 48);
  assert.equal(await count("ts BETWEEN dateadd('m', -330, now()) AND dateadd('m', -90, now())"), 4);
  assert.equal(await count("ts < dateadd('y', -1, now())"), 0);
  // A function of a parameter and now() together.
  const q = h.compiler.compile("SELECT count() FROM t WHERE ts > dateadd('h', -$1::int, now())");
  assert.deepEqual(await rows(q, [10]), [[9]]);
  assert.deepEqual(await rows(q, [100]), [[72]]);
  // In the select list a value fixed per execution is the same on every row.
  const same = await rows(h.compiler.compile("SELECT count() FROM t WHERE dateadd('s', n::int, now()) - dateadd('s', n::int, now()) = 0 AND dateadd('h', 1, now()) > ts"));
  assert.deepEqual(same, [[72]]);
});
