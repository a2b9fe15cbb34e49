import assert from 'node:assert/strict';
import { test } from 'node:test';
import { splitStatements, statementAt } from './statement-splitter';

test('statements split at semicolons with their buffer offsets', () => {
  const sql = 'select 1;\n  select 2 ;select 3';
  assert.deepEqual(splitStatements(sql).map((s) => [s.from, s.to, s.text]), [[0, 8, 'select 1'], [12, 20, 'select 2'], [22, 30, 'select 3']]);
});

test('semicolons inside strings, quoted names and comments do not split', () => {
  const sql = "select ';' a, \"x;y\" from t -- c;\n/* d; */ where s = 'it''s;'; select 2";
  assert.deepEqual(splitStatements(sql).map((s) => s.text), ["select ';' a, \"x;y\" from t -- c;\n/* d; */ where s = 'it''s;'", 'select 2']);
});

test('blank and comment-only pieces are not statements', () => {
  assert.deepEqual(splitStatements(' ;; -- only a comment\n;select 1;  ').map((s) => s.text), ['select 1']);
});

test('the statement under the cursor, the one just ended, or the nearest before', () => {
  const sql = 'select 1;\n\nselect 2;\n';
  assert.equal(statementAt(sql, 3)?.text, 'select 1');
  assert.equal(statementAt(sql, 9)?.text, 'select 1');
  assert.equal(statementAt(sql, 10)?.text, 'select 1');
  assert.equal(statementAt(sql, 11)?.text, 'select 2');
  assert.equal(statementAt(sql, sql.length)?.text, 'select 2');
  assert.equal(statementAt('', 0), undefined);
});
