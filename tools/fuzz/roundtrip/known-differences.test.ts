/**
 * Matching round-trip cells against the known differences: fields, values, and a named conversion that
 * still lets a wrong value show.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Cell, KnownDifference, knownFor, loadKnownDifferences } from './known-differences';

const floorMicros: KnownDifference = { output: 'pg-text', type: 'timestamp_ns', convert: 'floor-micros', owner: 'conversion', reason: 'µs' };
const cell = (expected: string | null, actual: string | null): Cell => ({ path: 'insert', output: 'pg-text', column: 'tn', kind: 'timestamp_ns', expected, actual });

test('floor-micros matches only the nanoseconds rounded down to a microsecond', () => {
  assert.ok(knownFor([floorMicros], cell('1704067200123456789', '1704067200123456000')));
  assert.ok(knownFor([floorMicros], cell('-1', '-1000')));
  assert.ok(knownFor([floorMicros], cell('-1000', '-1000')));
  assert.ok(knownFor([floorMicros], cell(null, null)));
  assert.equal(knownFor([floorMicros], cell('1704067200123456789', '1704067200123457000')), undefined);
  assert.equal(knownFor([floorMicros], cell('-1', '0')), undefined);
  assert.equal(knownFor([floorMicros], cell('5', null)), undefined);
  assert.equal(knownFor([floorMicros], cell('5', 'oops')), undefined);
});

test('the list in the repo parses, and every entry names its owner and reason', () => {
  const list = loadKnownDifferences();
  assert.ok(list.length > 0);
  for (const k of list) assert.ok(k.owner !== '' && k.reason !== '', JSON.stringify(k));
});
