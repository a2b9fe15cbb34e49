import assert from 'node:assert/strict';
import test from 'node:test';
import { isSvcError } from '../../core/errors';
import { BENCH_CORPUS } from './bench-corpus.fixture';
import { DIALECT_CORPUS, TIER3_CORPUS } from './dialect-corpus.fixture';
import { QuestDbSqlGrammar } from './questdb-sql-grammar';

const grammar = new QuestDbSqlGrammar();

for (const entry of [...DIALECT_CORPUS, ...BENCH_CORPUS]) {
  test(`parses: ${entry.sql.replace(/\s+/g, ' ').slice(0, 100)}`, () => {
    const statement = grammar.parse(entry.sql);
    assert.equal(typeof statement.kind, 'string');
    assert.equal(typeof statement.position, 'number');
  });
}

for (const entry of TIER3_CORPUS) {
  test(`Tier 3 is rejected clearly: ${entry.sql.slice(0, 100)}`, () => {
    assert.throws(() => grammar.parse(entry.sql), (e: unknown) => {
      assert.ok(isSvcError(e));
      assert.equal(e.message, entry.error);
      assert.equal(e.position, entry.position);
      assert.equal(e.statusCode, 400);
      return true;
    });
  });
}
