import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Differential, sameRows } from '../parallel/differential.fixture';

let d: Differential;

before(async () => { d = await Differential.open(); });
after(async () => { await d.close(); });

/** The rows of `sql` with `limit` equal those of `sql` without it, sliced; and the sampling knew its limit. */
async function firstRows(sql: string, limit: string, lo: number, hi: number): Promise<void> {
  const all = (await d.parallel.query(sql)).rows;
  const limited = await d.same(`${sql} LIMIT ${limit}`, 'either');
  sameRows(limited, all.slice(lo, hi), `${sql} LIMIT ${limit}`);
  assert.ok((await d.plan(`${sql} LIMIT ${limit}`)).some((l) => l.includes(`SampleBy(first ${hi})`)), `${sql}: the sampling stops early`);
}

test('SAMPLE BY … LIMIT n stops reading once its first n rows are complete: the rows of the whole sampling, sliced', async () => {
  await firstRows('SELECT ts, count(), max(u), avg(v) FROM m SAMPLE BY 1m', '5', 0, 5);
  await firstRows('SELECT ts, count(), sum(u) FROM m SAMPLE BY 1h', '30', 0, 30);
  await firstRows('SELECT ts, host, count(), min(v) FROM m SAMPLE BY 1h', '7', 0, 7);
  await firstRows('SELECT ts, region, count() FROM m WHERE u > 50 SAMPLE BY 10m', '3, 12', 3, 12);
  await firstRows("SELECT ts, max(u) FROM m WHERE ts < '2024-01-02T03:00:00.000000Z' SAMPLE BY 1m", '5', 0, 5);
  // A limit past the last row: every row.
  await firstRows('SELECT ts, count() FROM m SAMPLE BY 1d', '100', 0, 100);
});

test('with FILL, or LIMIT from the end, the sampling reads everything', async () => {
  const fill = await d.plan('SELECT ts, count() FROM m SAMPLE BY 1h FILL(NULL) LIMIT 5');
  assert.ok(!fill.some((l) => l.includes('SampleBy(first')), fill.join('\n'));
  const tail = await d.plan('SELECT ts, count() FROM m SAMPLE BY 1h LIMIT -5');
  assert.ok(!tail.some((l) => l.includes('SampleBy(first')), tail.join('\n'));
});
