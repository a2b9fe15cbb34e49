import assert from 'node:assert/strict';
import test from 'node:test';
import { effectiveTimeoutMs, statementTimeoutMs } from './statement-timeout';

test('statement_timeout reads milliseconds and PostgreSQL units', () => {
  assert.equal(statementTimeoutMs('200'), 200);
  assert.equal(statementTimeoutMs('5s'), 5000);
  assert.equal(statementTimeoutMs('1 min'), 60_000);
  assert.equal(statementTimeoutMs('soon'), undefined);
});

test('the earlier of the session and server deadlines applies; 0 is none', () => {
  assert.equal(effectiveTimeoutMs(60_000, '200'), 200);
  assert.equal(effectiveTimeoutMs(100, '5s'), 100);
  assert.equal(effectiveTimeoutMs(0, '5s'), 5000);
  assert.equal(effectiveTimeoutMs(60_000, '0'), 60_000);
});
