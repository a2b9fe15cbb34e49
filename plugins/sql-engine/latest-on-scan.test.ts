/**
 * LATEST ON … PARTITION BY one SYMBOL column over a table scan reads only each key's newest row
 * (ScanOptions.latestBy): the answers against the rows themselves, on random data over several partitions
 * with NULL keys, a column added later (its older rows NULL), equal timestamps and interval filters.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SeededRandom } from '../../tools/fuzz/seeded-random';
import { SqlHarness } from './sql-harness';

let h: SqlHarness;
const DAY = 86_400_000_000;
const START = Date.UTC(2025, 0, 1) * 1000;

const iso = (us: number): string => new Date(Math.floor(us / 1000)).toISOString().replace('Z', `${String(us % 1000).padStart(3, '0')}Z`);

before(async () => {
  h = await SqlHarness.open();
  await h.execute('CREATE TABLE t (ts TIMESTAMP, s SYMBOL, v DOUBLE, n LONG) TIMESTAMP(ts) PARTITION BY DAY');
  const seeded = new SeededRandom(7);
  const next = (): number => seeded.next();
  const insert = async (from: number, rows: number, withS2: boolean): Promise<void> => {
    const values: string[] = [];
    let ts = from;
    for (let i = 0; i < rows; i++) {
      if (next() < 0.8) ts += Math.floor(next() * 600_000_000);
      const s = next() < 0.05 ? 'NULL' : `'k${Math.floor(next() * 30)}'`;
      const s2 = next() < 0.1 ? 'NULL' : `'q${Math.floor(next() * 5)}'`;
      values.push(`('${iso(ts)}', ${s}, ${(next() * 100).toFixed(2)}, ${i}${withS2 ? `, ${s2}` : ''})`);
    }
    await h.execute(`INSERT INTO t${withS2 ? ' (ts, s, v, n, s2)' : ' (ts, s, v, n)'} VALUES ${values.join(', ')}`);
  };
  await insert(START, 600, false);
  await h.execute('ALTER TABLE t ADD COLUMN s2 SYMBOL');
  await insert(START + 2 * DAY, 300, true);
  // Keys of the oldest day only: found only after the newer partitions are searched.
  await h.execute(`INSERT INTO t (ts, s, v, n) VALUES ('${iso(START + 1000)}', 'old', 1, -1)`);
});

after(async () => { await h.close(); });

/** Each key's last row in table order within [lo, hi), in table order. */
function expected(rows: unknown[][], key: number, lo = -Infinity, hi = Infinity): unknown[][] {
  const last = new Map<unknown, number>();
  rows.forEach((r, i) => {
    const ts = Date.parse(String(r[0])) * 1000 + Number(String(r[0]).slice(23, 26));
    if (ts >= lo && ts < hi) last.set(r[key], i);
  });
  return [...last.values()].sort((a, b) => a - b).map((i) => rows[i]);
}

test('LATEST ON over one SYMBOL key reads only the newest row per key, answers unchanged', async () => {
  const all = (await h.query('SELECT * FROM t')).rows;
  assert.ok(all.some((r) => r[1] === null) && all.some((r) => r[4] === null));
  const plan = (await h.query('EXPLAIN SELECT * FROM t LATEST ON ts PARTITION BY s')).rows.map((r) => r[0]).join('\n');
  assert.match(plan, /Scan\(t, reverse, latest\)/);
  assert.deepEqual((await h.query('SELECT * FROM t LATEST ON ts PARTITION BY s')).rows, expected(all, 1));
  assert.deepEqual((await h.query('SELECT * FROM t LATEST BY s2')).rows, expected(all, 4));
  const lo = START + DAY / 2, hi = START + 2 * DAY + DAY / 3;
  assert.deepEqual((await h.query(`SELECT * FROM t WHERE ts >= '${iso(lo)}' AND ts < '${iso(hi)}' LATEST ON ts PARTITION BY s`)).rows, expected(all, 1, lo, hi));
  const projected = (await h.query('SELECT n, s, v * 2 w FROM t LATEST ON ts PARTITION BY s')).rows;
  assert.deepEqual(projected, expected(all, 1).map((r) => [r[3], r[1], (r[2] as number) * 2]));
});

test('a WHERE beyond the timestamp still filters every row before the newest per key is taken', async () => {
  const all = (await h.query('SELECT * FROM t')).rows;
  const plan = (await h.query('EXPLAIN SELECT * FROM t WHERE v > 50 LATEST ON ts PARTITION BY s')).rows.map((r) => r[0]).join('\n');
  assert.doesNotMatch(plan, /latest\)/);
  const got = (await h.query('SELECT * FROM t WHERE v > 50 LATEST ON ts PARTITION BY s')).rows;
  assert.deepEqual(got, expected(all.filter((r) => (r[2] as number) > 50), 1));
});

test('under a WHERE, a key column without NULL in the rows read ends the walk at the last key found: answers unchanged', async () => {
  await h.execute('CREATE TABLE u (ts TIMESTAMP, s SYMBOL, v DOUBLE) TIMESTAMP(ts) PARTITION BY DAY');
  const seeded = new SeededRandom(11);
  const values: string[] = [];
  for (let i = 0; i < 900; i++) values.push(`('${iso(START + i * 300_000_000)}', 'k${seeded.int(12)}', ${(seeded.next() * 100).toFixed(2)})`);
  // A NULL key in a partition older than every other key's (found only by searching past the last of them),
  // so intervals from the first day on hold none.
  values.push(`('${iso(START - DAY)}', NULL, 99), ('${iso(START + 1000)}', 'old', 99)`);
  await h.execute(`INSERT INTO u VALUES ${values.join(', ')}`);
  const all = (await h.query('SELECT * FROM u')).rows;
  const where = (f: (r: unknown[]) => boolean, lo = -Infinity): unknown[][] => expected(all.filter(f), 1, lo);
  assert.deepEqual((await h.query('SELECT * FROM u WHERE v > 50 LATEST ON ts PARTITION BY s')).rows, where((r) => (r[2] as number) > 50));
  assert.deepEqual((await h.query('SELECT * FROM u WHERE v < 20 LATEST ON ts PARTITION BY s')).rows, where((r) => (r[2] as number) < 20));
  assert.equal((await h.query('SELECT * FROM u WHERE v > 50 LATEST ON ts PARTITION BY s')).rows[0][1], null);
  // The storage tells how many rows may hold the NULL key: the walk from the first day on ends at the last key.
  const reader = h.engine.openReader('u');
  try {
    assert.equal(reader.mayHoldNullSymbol?.(1), true);
    assert.equal(reader.mayHoldNullSymbol?.(1, [{ lo: START - DAY, hi: START - DAY + 1 }]), true);
    assert.equal(reader.mayHoldNullSymbol?.(1, [{ lo: START, hi: START + 10 * DAY }]), false);
  } finally {
    reader.close();
  }
  const lo = START;
  assert.deepEqual((await h.query(`SELECT * FROM u WHERE ts >= '${iso(lo)}' AND v > 30 LATEST ON ts PARTITION BY s`)).rows,
    where((r) => (r[2] as number) > 30, lo));
  assert.deepEqual((await h.query('SELECT s, v FROM u WHERE v > 10 LATEST ON ts PARTITION BY s')).rows,
    where((r) => (r[2] as number) > 10).map((r) => [r[1], r[2]]));
});
