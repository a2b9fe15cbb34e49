import assert from 'node:assert/strict';
import test from 'node:test';
import { SqlGrammar } from '../../core/extension/sql-grammar';
import { Statement } from '../../core/sql/ast';
import { ParseCache } from './parse-cache';

class CountingGrammar implements SqlGrammar {
  calls = 0;
  parse(sql: string): Statement {
    this.calls++;
    if (sql === 'bad') throw new Error('syntax');
    return { kind: 'select', position: sql.length } as unknown as Statement;
  }
}

test('a repeated query text is parsed once', () => {
  const inner = new CountingGrammar();
  const cache = new ParseCache(inner);
  const a = cache.parse('select 1');
  assert.equal(cache.parse('select 1'), a);
  assert.equal(inner.calls, 1);
  assert.deepEqual([cache.hits, cache.misses], [1, 1]);
});

test('the least recently used entry is evicted at capacity', () => {
  const inner = new CountingGrammar();
  const cache = new ParseCache(inner, 2);
  cache.parse('a'); cache.parse('b'); cache.parse('a'); cache.parse('c');
  cache.parse('a');
  assert.equal(inner.calls, 3);
  cache.parse('b');
  assert.equal(inner.calls, 4);
});

test('errors are not cached', () => {
  const inner = new CountingGrammar();
  const cache = new ParseCache(inner);
  assert.throws(() => cache.parse('bad'));
  assert.throws(() => cache.parse('bad'));
  assert.equal(inner.calls, 2);
});
