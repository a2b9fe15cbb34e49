import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SqlHarness } from '../../../plugins/sql-engine/sql-harness';
import { KEPT_RIGHT_ROWS, keptArrays } from './asof-join';

// ASOF JOIN reads its right side into arrays kept between executions (asof-join.ts): a later join over a
// shorter right side, and two joins running at once, must see only their own rows.
const SYMBOLS = ['x', 'y', 'z'];
const WEIGHTS = [0.5, 0.45, 0.05];
const ROWS = 20_000;
const START = Date.parse('2024-01-01T00:00:00Z') * 1000;

interface Row { ts: number; s: string; p: number; i: number }

let sql: SqlHarness;
const rows: Row[] = [];

before(async () => {
  sql = await SqlHarness.open();
  await sql.execute('CREATE TABLE q (ts TIMESTAMP, s SYMBOL, p DOUBLE, i INT) TIMESTAMP(ts) PARTITION BY HOUR BYPASS WAL');
  let seed = 7;
  const rnd = (): number => { seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0; return seed / 4294967296; };
  let ts = START;
  for (let r = 0; r < ROWS; r++) {
    ts += 1 + Math.floor(rnd() * 400_000);
    const u = rnd();
    const s = u < WEIGHTS[0] ? 'x' : u < WEIGHTS[0] + WEIGHTS[1] ? 'y' : 'z';
    rows.push({ ts, s, p: Math.round(rnd() * 1e6) / 100, i: Math.floor(rnd() * 1000) });
  }
  for (let r = 0; r < ROWS; r += 2000) {
    const values = rows.slice(r, r + 2000).map((x) => `(${x.ts}::timestamp, '${x.s}', ${x.p}, ${x.i})`).join(', ');
    await sql.execute(`INSERT INTO q VALUES ${values}`);
  }
});

after(async () => {
  await sql.close();
});

/** Each left row of symbol `l` with the last row of symbol `r` at or before it (nulls when none). */
const naive = (l: string, r: string): unknown[][] => naiveJoin((x) => x.s === l, (x) => x.s === r, {});

const join = (l: string, r: string): string =>
  `SELECT a.p, b.p, b.i FROM (SELECT * FROM q WHERE s = '${l}') a ASOF JOIN (SELECT * FROM q WHERE s = '${r}') b`;

test('ASOF JOIN over a long right side, then a short one, then two at once: each sees only its own right rows', async () => {
  SYMBOLS.forEach((s) => assert.ok(rows.some((x) => x.s === s)));
  assert.deepEqual((await sql.query(join('x', 'y'))).rows, naive('x', 'y'));
  // The kept arrays are longer than this right side and still hold the last join's values past its end.
  assert.deepEqual((await sql.query(join('y', 'z'))).rows, naive('y', 'z'));
  const [a, b] = await Promise.all([sql.query(join('z', 'x')), sql.query(join('x', 'z'))]);
  assert.deepEqual(a.rows, naive('z', 'x'));
  assert.deepEqual(b.rows, naive('x', 'z'));
});

test('an aggregate over an ASOF JOIN gives the same answer every run', async () => {
  const q = `SELECT count(*), sum(b.i), avg(a.p / b.p) FROM (SELECT * FROM q WHERE s = 'y') a ASOF JOIN (SELECT * FROM q WHERE s = 'x') b`;
  const matched = naive('y', 'x').filter((r) => r[1] !== null);
  const first = (await sql.query(q)).rows;
  assert.equal(first[0][0], naive('y', 'x').length);
  assert.equal(first[0][1], matched.reduce((s, r) => s + (r[2] as number), 0));
  for (let k = 0; k < 3; k++) assert.deepEqual((await sql.query(q)).rows, first);
});

interface Options { strict?: boolean; keyed?: boolean; tolerance?: number }

/** Every row with `left` true, beside the newest row with `right` true before it (at or before for ASOF), of its symbol when keyed. */
function naiveJoin(left: (r: Row) => boolean, right: (r: Row) => boolean, o: Options): unknown[][] {
  let newest: Row | undefined;
  const bySymbol = new Map<string, Row>();
  const record = (r: Row): void => { newest = r; bySymbol.set(r.s, r); };
  const out: unknown[][] = [];
  for (const row of rows) {
    if (!o.strict && right(row)) record(row);
    if (left(row)) {
      const m = o.keyed ? bySymbol.get(row.s) : newest;
      const ok = m !== undefined && (o.tolerance === undefined || row.ts - m.ts <= o.tolerance);
      out.push([row.p, ok ? m.p : null, ok ? m.i : null]);
    }
    if (o.strict && right(row)) record(row);
  }
  return out;
}

test('ASOF and LT, keyed or not, with and without TOLERANCE, equal a naive merge (a side\'s own rows share timestamps with the other)', async () => {
  const all = (): boolean => true;
  const notZ = (r: Row): boolean => r.s !== 'z';
  const y = (r: Row): boolean => r.s === 'y';
  const z = (r: Row): boolean => r.s === 'z';
  const cases: [string, unknown[][]][] = [
    ["SELECT a.p, b.p, b.i FROM q a ASOF JOIN (SELECT * FROM q WHERE s = 'y') b", naiveJoin(all, y, {})],
    ["SELECT a.p, b.p, b.i FROM q a LT JOIN (SELECT * FROM q WHERE s = 'y') b", naiveJoin(all, y, { strict: true })],
    ["SELECT a.p, b.p, b.i FROM q a ASOF JOIN (SELECT * FROM q WHERE s != 'z') b ON (s)", naiveJoin(all, notZ, { keyed: true })],
    ["SELECT a.p, b.p, b.i FROM q a LT JOIN (SELECT * FROM q WHERE s != 'z') b ON (s)", naiveJoin(all, notZ, { strict: true, keyed: true })],
    ["SELECT a.p, b.p, b.i FROM q a ASOF JOIN (SELECT * FROM q WHERE s = 'y') b TOLERANCE 300T", naiveJoin(all, y, { tolerance: 300_000 })],
    ["SELECT a.p, b.p, b.i FROM q a LT JOIN (SELECT * FROM q WHERE s != 'z') b ON (s) TOLERANCE 1s", naiveJoin(all, notZ, { strict: true, keyed: true, tolerance: 1_000_000 })],
    // A right side denser than the left: several right rows come due before a left row.
    ["SELECT a.p, b.p, b.i FROM (SELECT * FROM q WHERE s = 'z') a ASOF JOIN q b", naiveJoin(z, all, {})],
    ["SELECT a.p, b.p, b.i FROM (SELECT * FROM q WHERE s = 'z') a LT JOIN q b", naiveJoin(z, all, { strict: true })],
    ["SELECT a.p, b.p, b.i FROM (SELECT * FROM q WHERE s = 'y') a ASOF JOIN q b ON (s)", naiveJoin(y, all, { keyed: true })],
    ["SELECT a.p, b.p, b.i FROM (SELECT * FROM q WHERE s = 'y') a LT JOIN q b ON (s)", naiveJoin(y, all, { strict: true, keyed: true })],
    // Sides of different rows: the key's right row can come due second of two.
    ["SELECT a.p, b.p, b.i FROM (SELECT * FROM q WHERE s = 'y' AND i % 2 = 0) a LT JOIN (SELECT * FROM q WHERE i % 2 = 1) b ON (s)",
      naiveJoin((r) => y(r) && r.i % 2 === 0, (r) => r.i % 2 === 1, { strict: true, keyed: true })],
    ["SELECT a.p, b.p, b.i FROM (SELECT * FROM q WHERE s = 'y' AND i % 2 = 0) a ASOF JOIN (SELECT * FROM q WHERE i % 2 = 1) b ON (s)",
      naiveJoin((r) => y(r) && r.i % 2 === 0, (r) => r.i % 2 === 1, { keyed: true })],
  ];
  for (const [q, expected] of cases) {
    assert.ok(expected.some((r) => r[1] !== null), q);
    // TOLERANCE, and keys the right side lacks, leave many rows unmatched, not only the first ones.
    if (/TOLERANCE|!= 'z'/.test(q)) assert.ok(expected.filter((r) => r[1] === null).length > 100, q);
    assert.deepEqual((await sql.query(q)).rows, expected, q);
  }
});

test('right-side arrays longer than KEPT_RIGHT_ROWS are not kept for the next join', () => {
  const short = new Float64Array(new SharedArrayBuffer(8 * 16));
  const limit = new Int32Array(new SharedArrayBuffer(4 * KEPT_RIGHT_ROWS));
  const long = new Int32Array(new SharedArrayBuffer(4 * (KEPT_RIGHT_ROWS + 1)));
  assert.deepEqual(keptArrays([short]), [short]);
  assert.deepEqual(keptArrays([limit, long]), [limit]);
});
