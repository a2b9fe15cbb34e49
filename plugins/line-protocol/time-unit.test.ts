import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseMicros, parseMicrosBig, precisionUnit, TimeUnit } from './time-unit';

const b = (s: string): Uint8Array => Buffer.from(s);
const micros = (s: string, unit: TimeUnit): number => parseMicros(b(s), 0, s.length, unit);

test('precision names the unit; anything else is undefined', () => {
  assert.equal(precisionUnit(null), TimeUnit.NANOS);
  assert.deepEqual(['n', 'ns', 'u', 'us', 'ms', 's', 'm', 'h'].map(precisionUnit),
    [TimeUnit.NANOS, TimeUnit.NANOS, TimeUnit.MICROS, TimeUnit.MICROS, TimeUnit.MILLIS, TimeUnit.SECONDS, TimeUnit.MINUTES, TimeUnit.HOURS]);
  assert.equal(precisionUnit('d'), undefined);
});

test('19-digit nanoseconds convert exactly by dropping the last three digits', () => {
  assert.equal(micros('1700000000123456789', TimeUnit.NANOS), 1700000000123456);
  assert.equal(micros('9223372036854775807', TimeUnit.NANOS), 9223372036854775);
  assert.equal(micros('999', TimeUnit.NANOS), 0);
  assert.equal(micros('-1999', TimeUnit.NANOS), -1);
});

test('other units multiply; bad text and values past 64 bits are NaN', () => {
  assert.equal(micros('1700000000123', TimeUnit.MILLIS), 1700000000123000);
  assert.equal(micros('2', TimeUnit.HOURS), 7_200_000_000);
  assert.ok(Number.isNaN(micros('12a', TimeUnit.MICROS)));
  assert.ok(Number.isNaN(micros('', TimeUnit.MICROS)));
  assert.ok(Number.isNaN(micros('9223372036854775808', TimeUnit.NANOS)));
});

test('the exact value is available as BigInt', () => {
  assert.equal(parseMicrosBig(b('9007199254740993'), 0, 16, TimeUnit.MICROS), 9007199254740993n);
  assert.equal(parseMicrosBig(b('x'), 0, 1, TimeUnit.MICROS), undefined);
});
