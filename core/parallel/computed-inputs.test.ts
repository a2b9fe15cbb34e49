import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Differential } from './differential.fixture';

let d: Differential;

before(async () => { d = await Differential.open(); });
after(async () => { await d.close(); });

const LONG_IN = "('host_1', 'host_3', 'host_5', 'host_7', 'host_11', 'host_13', 'host_17', 'host_19', 'host_23', 'host_29')";
const COMPUTED = 'sum(CASE WHEN u > 50 THEN 1 ELSE 0 END), sum(CASE WHEN u > 80 THEN 2 WHEN v < 20 THEN -1 END), '
  + "avg(u - v), max(u * 2), min(-v), sum(u + v), avg(CASE WHEN team = 'SF' THEN u ELSE v END), "
  + "sum(CASE WHEN region = 'eu-west-1' OR region IS NULL THEN 1 ELSE 0 END), max(CASE WHEN host LIKE 'host_1%' THEN u END), avg(u / v), count()";

test('aggregates of computed inputs (CASE, DOUBLE arithmetic) fold in the workers as the vector kernels compute them, NULLs and NaN included', async () => {
  const rows = await d.same(`SELECT ${COMPUTED} FROM m`);
  assert.equal(rows[0][rows[0].length - 1], 40_000);
  await d.same(`SELECT ${COMPUTED} FROM m WHERE v > 10 AND team != 'NYC'`);
  await d.same(`SELECT ${COMPUTED} FROM m WHERE host IN ${LONG_IN}`);
});

test('computed inputs per SYMBOL key and per SAMPLE BY bucket, with and without a key', async () => {
  await d.same(`SELECT host, ${COMPUTED} FROM m GROUP BY host ORDER BY host`);
  await d.same(`SELECT region, ${COMPUTED} FROM m WHERE u IS NOT NULL GROUP BY region ORDER BY region`);
  await d.same(`SELECT ts, ${COMPUTED} FROM m SAMPLE BY 1h`);
  await d.same(`SELECT ts, team, ${COMPUTED} FROM m SAMPLE BY 6h`);
});

test('inputs that would compute otherwise stay on the main thread: an INT column in a branch, a number key, a LONG sum past 2^53', async () => {
  await d.same('SELECT sum(CASE WHEN u > 50 THEN i ELSE 0 END) FROM m', false);
  await d.same('SELECT i, sum(CASE WHEN u > 50 THEN 1 ELSE 0 END) FROM m GROUP BY i ORDER BY i', false);
  // 9e12 × 40,000 rows is past 2^53: the LONG sum keeps its exact path.
  const big = await d.same('SELECT sum(CASE WHEN u > 50 THEN 9000000000000 ELSE 0 END) FROM m', false);
  assert.ok(Number(big[0][0]) > 2 ** 53);
});
