import assert from 'node:assert/strict';
import test from 'node:test';
import { splitStatements } from './statement-splitter';

test('statements split at top-level semicolons keep their offsets', () => {
  assert.deepEqual(splitStatements('SELECT 1; SELECT 2'), [{ sql: 'SELECT 1', offset: 0 }, { sql: 'SELECT 2', offset: 10 }]);
});

test('semicolons inside strings, identifiers, comments and dollar quotes do not split', () => {
  const text = "SELECT ';' a, \"x;y\" FROM t -- c;\n; SELECT E'\\';' /* ; */; SELECT $$;$$, $1";
  assert.deepEqual(splitStatements(text).map((s) => s.sql), ["SELECT ';' a, \"x;y\" FROM t -- c;", "SELECT E'\\';' /* ; */", 'SELECT $$;$$, $1']);
});

test('empty statements and comment-only text are dropped', () => {
  assert.deepEqual(splitStatements(' ;; -- nothing\n/* here */ ;'), []);
  assert.deepEqual(splitStatements('SELECT 1;;'), [{ sql: 'SELECT 1', offset: 0 }]);
});
