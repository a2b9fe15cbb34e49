/**
 * The seeded CI run of the value round-trip fuzzer (docs/fuzzing.md): every type's edge values through every
 * ingest path and back through every output, against a real server on a temporary root. A cell that does
 * not come back identical must be a documented conversion or a listed to-do of known-differences.json.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fuzzRoundTrip, roundTripSummary } from './fuzz-roundtrip';

test('the seeded round trip brings every value back identical or as a documented difference', { timeout: 240_000 }, async () => {
  const stats = await fuzzRoundTrip({ seed: 1, all: true }, () => {});
  const problems = [...stats.failures, ...stats.mismatches.map((m) => JSON.stringify(m))];
  assert.deepEqual(problems, [], roundTripSummary(stats, true).join('\n'));
  // Every path wrote and every output read most of what it was given.
  assert.ok(stats.cells > 100_000, `${stats.cells} values compared`);
});
