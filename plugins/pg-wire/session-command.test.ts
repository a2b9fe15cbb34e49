import assert from 'node:assert/strict';
import test from 'node:test';
import { parseSessionCommand } from './session-command';

test('transaction statements name their action and their savepoint', () => {
  assert.deepEqual(parseSessionCommand('BEGIN'), { kind: 'transaction', action: 'begin', tag: 'BEGIN' });
  assert.deepEqual(parseSessionCommand('start transaction isolation level read committed'), { kind: 'transaction', action: 'begin', tag: 'START TRANSACTION' });
  assert.deepEqual(parseSessionCommand('commit;'), { kind: 'transaction', action: 'commit', tag: 'COMMIT' });
  assert.deepEqual(parseSessionCommand('END'), { kind: 'transaction', action: 'commit', tag: 'COMMIT' });
  assert.deepEqual(parseSessionCommand('abort'), { kind: 'transaction', action: 'rollback', tag: 'ROLLBACK' });
  assert.deepEqual(parseSessionCommand('ROLLBACK TO SAVEPOINT A'), { kind: 'transaction', action: 'rollbackTo', tag: 'ROLLBACK', savepoint: 'a' });
  assert.deepEqual(parseSessionCommand('rollback work to "Sp"'), { kind: 'transaction', action: 'rollbackTo', tag: 'ROLLBACK', savepoint: 'Sp' });
  assert.deepEqual(parseSessionCommand('SAVEPOINT s1'), { kind: 'transaction', action: 'savepoint', tag: 'SAVEPOINT', savepoint: 's1' });
  assert.deepEqual(parseSessionCommand('RELEASE SAVEPOINT s1'), { kind: 'transaction', action: 'release', tag: 'RELEASE', savepoint: 's1' });
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
