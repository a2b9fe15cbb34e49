import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateColumnName, validateTableName } from './table-name';

test('ordinary table names with spaces, dots and underscores are accepted', () => {
  for (const name of ['trades', 'my table.v2', 'usage_user', 'Ünïcode', 'a-b']) validateTableName(name);
});

test('names that are paths, hidden, empty or too long are refused', () => {
  for (const name of ['..', '.', 'a/..', '/abs', 'a\\b', 'nul\0', ' lead', 'trail.', 'a..b', 'x'.repeat(128), 'é'.repeat(120), 'a\nb']) {
    assert.throws(() => validateTableName(name), /invalid table name/, JSON.stringify(name));
  }
});

test('column names may not contain dots', () => {
  validateColumnName('usage_user');
  assert.throws(() => validateColumnName('a.b'), /invalid column name/);
});
