import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { runMultipartFuzz } from './multipart-fuzz';

// The short seeded run of the suite (npm run fuzz:multipart runs longer ones): mutated CSV, NDJSON and
// Parquet uploads, compressed and not, bombs and cut connections against a real server process.
test('a short seeded multipart fuzz run finds no 5xx, crash, Critical line, stall, memory growth or leftover rows', { timeout: 120_000 }, async () => {
  const report = await runMultipartFuzz({
    seed: 20260101, requests: 60, concurrency: 3, rssBoundMb: 1024, stallBoundMs: 3000,
    cli: join(__dirname, '..', '..', 'core', 'cli.js'),
  });
  assert.deepEqual(report.failures, [], JSON.stringify({ ...report, criticals: report.criticals.slice(0, 5) }, null, 2));
  assert.equal(report.requests, 60);
  assert.ok(Object.values(report.statuses).reduce((a, b) => a + b, 0) === 60);
});
