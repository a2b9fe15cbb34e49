import assert from 'node:assert/strict';
import { test } from 'node:test';
import { roundTripReport, spread, spreadAcross, spreadReport } from './bench-spread';

test('spread is the largest median over the smallest, less one, over what was measured', () => {
  assert.equal(spread([2, 2.2, 2.5]), 0.25);
  assert.ok(Number.isNaN(spread([3])));
  assert.equal(spread([4, NaN, 5]), 0.25);
});

test('the report sets each pass\'s medians side by side with their spread and the geometric mean per pass', () => {
  const pass = (duck: number, svc: number) => ({ duck: new Map([['count', duck]]), servers: new Map([['svc', new Map([['count', svc]])]]) });
  const out = spreadReport(['count'], [pass(1, 0.5), pass(1.2, 0.6), pass(1.1, 0.55)]);
  assert.match(out, /\| count \| 1\.00 \/ 1\.20 \/ 1\.10 \| 20% \| 0\.50 \/ 0\.60 \/ 0\.55 \| 20% \|/);
  // QuestDB/DuckDB for count in the reference sitting is 1.75 / 4.52: svc/QuestDB = 0.5 × 4.52 / 1.75.
  assert.match(out, /svc: geometric mean svc\/QuestDB \(est\.\) per pass 1\.29 \/ 1\.29 \/ 1\.29/);
});

test('the round trip\'s medians per pass and their spread, a line per server', () => {
  const out = roundTripReport([new Map([['svc', 0.4], ['svc base', 0.5]]), new Map([['svc', 0.5], ['svc base', 0.5]])]);
  assert.equal(out, 'svc: HTTP round trip (SELECT 1) per pass 0.40 / 0.50 ms, spread 25%\nsvc base: HTTP round trip (SELECT 1) per pass 0.50 / 0.50 ms, spread 0%');
});

test('servers timed together: each one\'s median per query and their spread', () => {
  const out = spreadAcross(['count'], new Map([['svc', new Map([['count', 0.5]])], ['svc #2', new Map([['count', 0.55]])]]));
  assert.match(out, /\| query \| svc ms \| svc #2 ms \| spread \|/);
  assert.match(out, /\| count \| 0\.50 \| 0\.55 \| 10% \|/);
});
