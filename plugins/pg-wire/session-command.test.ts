import assert from 'node:assert/strict';
import test from 'node:test';
import { parseSessionCommand } from './session-command';

test('transaction statements set the status ReadyForQuery reports', () => {
  assert.deepEqual(parseSessionCommand('BEGIN'), { kind: 'transaction', tag: 'BEGIN', status: 'T' });
  assert.deepEqual(parseSessionCommand('start transaction isolation level read committed'), { kind: 'transaction', tag: 'START TRANSACTION', status: 'T' });
  assert.deepEqual(parseSessionCommand('commit;'), { kind: 'transaction', tag: 'COMMIT', status: 'I' });
  assert.deepEqual(parseSessionCommand('ROLLBACK TO SAVEPOINT a'), { kind: 'transaction', tag: 'ROLLBACK', status: 'same' });
});

test('SET forms name a setting and its value', () => {
  assert.deepEqual(parseSessionCommand("SET application_name = 'x'"), { kind: 'set', name: 'application_name', value: 'x' });
  assert.deepEqual(parseSessionCommand('set session DateStyle to ISO, MDY'), { kind: 'set', name: 'DateStyle', value: 'ISO, MDY' });
  assert.deepEqual(parseSessionCommand("SET TIME ZONE 'UTC'"), { kind: 'set', name: 'TimeZone', value: 'UTC' });
  assert.deepEqual(parseSessionCommand('SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY'), { kind: 'noop', tag: 'SET' });
});

test('SHOW of a setting is a session command; SHOW TABLES and its kin stay SQL', () => {
  assert.deepEqual(parseSessionCommand('SHOW TRANSACTION ISOLATION LEVEL'), { kind: 'show', name: 'transaction_isolation' });
  assert.deepEqual(parseSessionCommand('/* x */ show search_path'), { kind: 'show', name: 'search_path' });
  assert.equal(parseSessionCommand('SHOW TABLES'), undefined);
  assert.equal(parseSessionCommand('SHOW COLUMNS FROM t'), undefined);
  assert.equal(parseSessionCommand('SELECT 1'), undefined);
});
