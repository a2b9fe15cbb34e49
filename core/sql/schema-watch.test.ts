import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SqlHarness } from '../../plugins/sql-engine/sql-harness';

let h: SqlHarness;
before(async () => {
  h = await SqlHarness.open();
  await h.script(`CREATE TABLE t (ts TIMESTAMP, s SYMBOL, v DOUBLE) TIMESTAMP(ts) PARTITION BY DAY;
INSERT INTO t VALUES ('2025-01-01T00:00:00.000000Z', 'a', 1);
`);
});
after(async () => { await h.close(); });

test('a query that read only table schemas is reusable until one of them changes', async () => {
  const q = h.compiler.compile("SELECT s, max(v) FROM t WHERE s IN ('a', 'b') AND ts IN '2025-01-01' SAMPLE BY 1h");
  assert.ok(q.reusable);
  assert.equal(q.reusable(), true);
  const rows = async (): Promise<unknown[][]> => {
    const out = await q.execute({ signal: new AbortController().signal });
    assert.equal(out.kind, 'rows');
    const r: unknown[][] = [];
    if (out.kind === 'rows') for await (const b of out.result.batches()) r.push([b.rowCount]);
    return r;
  };
  assert.deepEqual(await rows(), await rows());
  await h.execute('ALTER TABLE t ADD COLUMN w LONG');
  assert.equal(q.reusable(), false);
});

test('a query naming a table that does not exist yet is not reused once it does', async () => {
  await assert.rejects(() => h.query('SELECT * FROM later'));
  const q = h.compiler.compile('SELECT * FROM t');
  assert.equal(q.reusable?.(), true);
  await h.execute('DROP TABLE t');
  assert.equal(q.reusable?.(), false);
});

test('statements other than queries, and queries with parameters, are never reusable', async () => {
  await h.execute('CREATE TABLE u (ts TIMESTAMP, x LONG) TIMESTAMP(ts)');
  assert.equal(h.compiler.compile("INSERT INTO u VALUES ('2025-01-01T00:00:00.000000Z', 1)").reusable, undefined);
  assert.equal(h.compiler.compile('SELECT * FROM u WHERE x = $1').reusable, undefined);
  assert.equal(h.compiler.compile('EXPLAIN SELECT * FROM u').reusable, undefined);
  assert.ok(h.compiler.compile('SELECT * FROM u').reusable);
});

test('a reused plan answers as a fresh one after rows, tables and columns were added', async () => {
  await h.execute('CREATE TABLE m (ts TIMESTAMP, s SYMBOL, v DOUBLE) TIMESTAMP(ts) PARTITION BY DAY');
  const texts = ['SELECT * FROM tables()', "SELECT * FROM table_columns('m')", 'SELECT count() FROM m', 'SELECT * FROM m',
    "SELECT * FROM table_partitions('m')", 'SELECT * FROM information_schema.columns()', 'SELECT * FROM m LATEST BY s', 'SELECT now() FROM m'];
  const values = async (q: ReturnType<typeof h.compiler.compile>): Promise<string> => {
    const out = await q.execute({ signal: new AbortController().signal });
    assert.equal(out.kind, 'rows');
    let n = 0;
    if (out.kind === 'rows') for await (const b of out.result.batches()) n += b.rowCount;
    return `${n} rows`;
  };
  const kept = texts.map((t) => h.compiler.compile(t));
  for (const q of kept) await values(q);
  await h.execute('CREATE TABLE m2 (ts TIMESTAMP, x LONG) TIMESTAMP(ts)');
  await h.execute("INSERT INTO m VALUES ('2025-01-01T00:00:00.000000Z', 'a', 1), ('2025-01-02T00:00:00.000000Z', 'b', 2)");
  for (let i = 0; i < texts.length; i++) {
    assert.equal(kept[i].reusable?.(), true, texts[i]);
    assert.equal(await values(kept[i]), await values(h.compiler.compile(texts[i])), texts[i]);
  }
});
