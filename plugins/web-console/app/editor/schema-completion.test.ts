import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mentionedTables } from './schema-completion';

test('tables are found as whole words, in any case', () => {
  assert.deepEqual(mentionedTables('select * from Trades t join quotes q on (sym)', ['trades', 'quotes', 'trade', 'sym_x']), ['trades', 'quotes']);
});

test('a table name inside another word is not a mention', () => {
  assert.deepEqual(mentionedTables('select trades_count from x', ['trades']), []);
});
