/**
 * The seeded CI run of the differential SQL fuzzer (docs/fuzzing.md): a fixed seed, so the same tables
 * and queries every time, against a real server on a temporary root, compared with embedded DuckDB.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fuzzSql } from './fuzz-sql';
import { reproText, signature } from './sql/sql-fuzzer';

test('the seeded SQL fuzzer run finds svc and DuckDB in agreement on every query', { timeout: 240_000 }, async () => {
  const lines: string[] = [];
  const stats = await fuzzSql({ seed: 1, queries: 500, perWorld: 125, repros: 3, quiet: true, progress: 0 }, (line) => lines.push(line));
  assert.equal(stats.queries, 500);
  const repros = stats.repros.map((r, i) => reproText(r, `repro ${i + 1} (${signature(r.query, r.verdict)})`)).join('\n\n');
  assert.equal(stats.mismatches, 0, `${stats.mismatches} mismatches:\n${repros}\n${lines.slice(0, 5).join('\n')}`);
  // Most queries compare (DuckDB refuses few: an interval out of its range).
  assert.ok(stats.skipped < stats.queries / 20, `${stats.skipped} skipped`);
});
