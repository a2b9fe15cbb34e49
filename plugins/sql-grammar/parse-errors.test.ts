import assert from 'node:assert/strict';
import test from 'node:test';
import { isSvcError } from '../../core/errors';
import { DIALECT_CORPUS } from './dialect-corpus.fixture';
import { assertSyntaxError, parse } from './test-helpers';

test('an unexpected word after a select item names the token and what was expected', () => {
  assertSyntaxError('SELECT a+1 from1 v', "found [tok='v', len=1] ',', 'from' or 'over' expected", 17);
});

test('a mistyped statement keyword is reported at the first word', () => {
  assertSyntaxError('selec * from t', 'unexpected token [selec]', 0);
});

test('a statement starting with an unknown word is SELECT * FROM it; the next token is its alias, also a number or a string', () => {
  for (const sql of ['trades 12', "trades 'x'", 'trades t']) {
    const s = parse(sql);
    assert.ok(s.kind === 'select' && s.implicit && s.from?.source.kind === 'tableSource' && s.from.source.name.name === 'trades', sql);
  }
});

test('P2: an identifier right after * is a wildcard alias, at the alias', () => {
  assertSyntaxError('SELECT * a FROM t', 'wildcard cannot have alias', 9);
  assertSyntaxError('SELECT t.* AS a FROM t', 'wildcard cannot have alias', 14);
});

test('P2: a reserved keyword where an operand is expected must be quoted, in its original case', () => {
  const quote = (kw: string): string => `table and column names that are SQL keywords have to be enclosed in double quotes, such as "${kw}"`;
  assertSyntaxError('SELECT a FROM t WHERE from = 1', quote('from'), 22);
  assertSyntaxError('SELECT a FROM t WHERE x = LIMIT', quote('LIMIT'), 26);
  assertSyntaxError('SELECT a + Partition FROM t', quote('Partition'), 11);
  assertSyntaxError('SELECT FROM t', 'column expression expected', 7);
  assertSyntaxError('SELECT select FROM t', 'column expression expected', 7);
  assertSyntaxError('SELECT 1 + select FROM t', 'column expression expected', 11);
});

test('P2: an unclosed ( is a dangling literal at the next token, or unbalanced at the end', () => {
  assertSyntaxError('SELECT (1 + 2 FROM t', 'dangling literal', 14);
  assertSyntaxError('SELECT abs(x y) FROM t', 'dangling literal', 13);
  assertSyntaxError('SELECT (1 + 2', 'unbalanced (', 7);
  assertSyntaxError('SELECT abs((1)', 'unbalanced (', 10);
});

test('P2: empty WHERE, ORDER BY and GROUP BY', () => {
  assertSyntaxError('SELECT * FROM t WHERE', 'empty where clause', 16);
  assertSyntaxError('SELECT * FROM t WHERE ORDER BY a', 'empty where clause', 16);
  assertSyntaxError('SELECT * FROM t ORDER BY', 'literal expected', 24);
  assertSyntaxError('SELECT a, count() FROM t GROUP BY', 'literal expected', 33);
});

test('P2: stray @ ? ! ` { are identifier characters; where an operator is expected they are an alias error', () => {
  const e = parse('SELECT @x, ?y, {z FROM t');
  assert.ok(e.kind === 'select');
  assert.deepEqual(e.projection.map((p) => p.expr.kind === 'column' && p.expr.name), ['@x', '?y', '{z']);
  assertSyntaxError('SELECT 1 @ 2', "identifier should start with a letter or '_'", 9);
  assertSyntaxError('SELECT 1 ? 2', "identifier should start with a letter or '_'", 9);
  assertSyntaxError('SELECT * FROM t WHERE a ! 1', "identifier should start with a letter or '_'", 24);
  assert.ok(parse('SELECT a FROM t WHERE a!=1 AND b !~ 2').kind === 'select');
});

test('P2: by, lt, asof, splice, latest, group, tolerance and fill are usable as column and table names', () => {
  const s = parse('SELECT by, lt, asof, splice, latest, group, tolerance, fill FROM group WHERE by = 1 GROUP BY lt ORDER BY fill');
  assert.ok(s.kind === 'select' && s.projection.length === 8 && s.groupBy?.length === 1 && s.orderBy?.length === 1);
  assert.ok(s.kind === 'select' && s.from?.source.kind === 'tableSource' && s.from.source.name.name === 'group' && s.from.source.alias === undefined);
  const joined = parse('SELECT * FROM latest asof JOIN lt ON (by) TOLERANCE 1s');
  assert.ok(joined.kind === 'select' && joined.from?.joins[0].joinType === 'asof' && joined.from.joins[0].tolerance?.raw === '1s');
  const ts = parse('SELECT fill, count() FROM splice SAMPLE BY 1h FILL(PREV)');
  assert.ok(ts.kind === 'select' && ts.sampleBy?.fill?.[0].mode === 'prev');
  assert.ok(parse('CREATE TABLE group (by INT, fill DOUBLE)').kind === 'createTable');
});

test('P2: partition, sample, limit, order and align are reserved', () => {
  for (const kw of ['partition', 'align']) {
    assertSyntaxError(`SELECT a FROM t WHERE ${kw} = 1`, `table and column names that are SQL keywords have to be enclosed in double quotes, such as "${kw}"`, 22);
  }
  // A clause keyword right after WHERE ends the (empty) condition.
  for (const kw of ['sample', 'limit', 'order']) assertSyntaxError(`SELECT a FROM t WHERE ${kw} = 1`, 'empty where clause', 16);
});

test('a missing token names what was expected', () => {
  assertSyntaxError('INSERT INTO t VALUES (1 2)', "found [tok='2', len=1] ')' expected", 24);
  assertSyntaxError('SELECT * FROM t ORDER BY a NULLS MIDDLE', "found [tok='MIDDLE', len=6] 'first' or 'last' expected", 33);
  assertSyntaxError('SELECT ts FROM t SAMPLE BY 1h ALIGN TO MOON', "found [tok='MOON', len=4] 'calendar' or 'first' expected", 39);
  assertSyntaxError('SELECT * FROM t SAMPLE BY 1', "found [tok='1', len=1] duration expected", 26);
});

test('errors at the end of the input point at the query length', () => {
  assertSyntaxError('SELECT (1', 'unbalanced (', 7);
  assertSyntaxError('SELECT CASE WHEN 1 THEN 2', "'end' expected", 25);
  assertSyntaxError('SELECT * FROM', 'unexpected end of input', 13);
  assertSyntaxError('SELECT * FROM t WHERE a = 1 AND   ', 'unexpected end of input', 34);
  assertSyntaxError('SHOW COLUMNS', "'from' expected", 12);
});

test('positions count UTF-16 code units', () => {
  // '😀' is two UTF-16 code units, so `b` is at 14, not 13.
  assertSyntaxError("SELECT '😀' a b", "found [tok='b', len=1] ',', 'from' or 'over' expected", 14);
});

test('a second statement after the semicolon is rejected at its first token', () => {
  assertSyntaxError('SELECT 1; SELECT 2', 'unexpected token [SELECT]', 10);
});

test('lexical errors point at the offending character', () => {
  assertSyntaxError("SELECT * FROM t WHERE a = 'open", 'unclosed quoted string?', 26);
  assertSyntaxError('SELECT "open FROM t', 'unclosed quotation mark', 7);
  assertSyntaxError('SELECT * FROM t /* open', 'unclosed comment', 16);
  assertSyntaxError('SELECT $1', 'unexpected character [$]', 7);
});

test('invalid constants are rejected at the literal', () => {
  assertSyntaxError('SELECT #aaaa/99', 'invalid constant: #aaaa/99', 7);
  assertSyntaxError(`SELECT 0x${'f'.repeat(65)}`, `invalid constant: 0x${'f'.repeat(65)}`, 7);
  assertSyntaxError('SELECT 9223372036854775808L', 'invalid constant: 9223372036854775808L', 7);
});

test('an unknown partition unit lists the valid ones', () => {
  assertSyntaxError('CREATE TABLE t (a INT) PARTITION BY CENTURY', "'NONE', 'HOUR', 'DAY', 'WEEK', 'MONTH' or 'YEAR' expected", 36);
});

test('a query nested beyond the stack is a SQL error, and the parser keeps working', () => {
  const depth = 20000;
  assertSyntaxError(`SELECT ${'('.repeat(depth)}1${')'.repeat(depth)}`, 'query is too deeply nested', 0);
  assert.equal(parse('SELECT (((1)))').kind, 'select');
});

test('an empty or blank query is an error at 0', () => {
  assertSyntaxError('', 'empty query', 0);
  assertSyntaxError('  -- only a comment', 'empty query', 0);
});

test('Tier 3 statements name the feature at its keyword', () => {
  assertSyntaxError('DECLARE @x := 1 SELECT @x', 'DECLARE is not supported', 0);
  assertSyntaxError('  CREATE MATERIALIZED VIEW v AS (SELECT 1)', 'CREATE MATERIALIZED VIEW is not supported', 9);
  assertSyntaxError('SELECT * FROM a FULL JOIN b ON (k)', 'FULL JOIN is not supported', 16);
  assertSyntaxError('ALTER TABLE t ALTER COLUMN s SYMBOL CAPACITY 10', 'ALTER COLUMN SYMBOL is not supported', 29);
  assertSyntaxError('SHOW SERVER_VERSION', 'SHOW SERVER_VERSION is not supported', 5);
});

test('every prefix of every corpus statement either parses or throws SvcError.sql, never anything else', () => {
  let errors = 0;
  for (const { sql } of DIALECT_CORPUS) {
    for (let end = 0; end <= sql.length; end++) {
      const text = sql.slice(0, end);
      try {
        parse(text);
      } catch (e) {
        assert.ok(isSvcError(e), `${text}: ${String(e)}`);
        assert.ok(e.position !== undefined && e.position >= 0 && e.position <= text.length, `${text}: position ${e.position}`);
        errors++;
      }
    }
  }
  assert.ok(errors > 0);
});
