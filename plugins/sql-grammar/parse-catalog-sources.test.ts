import assert from 'node:assert/strict';
import test from 'node:test';
import { assertSyntaxError, parse, plain, select } from './test-helpers';

function functionSource(sql: string): { name: string; args: number } {
  const source = select(sql).from?.source;
  assert.ok(source?.kind === 'functionSource', `not a function source: ${JSON.stringify(plain(source))}`);
  return { name: source.call.name, args: source.call.args.length };
}

test('information_schema.columns() is a call of the catalog table function', () => {
  assert.deepEqual(functionSource('information_schema.columns()'), { name: 'information_schema.columns', args: 0 });
});

test('bare information_schema.columns is the same call, as PostgreSQL tools write it', () => {
  assert.deepEqual(functionSource('select * from information_schema.columns'), { name: 'information_schema.columns', args: 0 });
});

test('information_schema.tables() in FROM keeps its alias', () => {
  const source = select('select * from information_schema.tables() it').from?.source;
  assert.ok(source?.kind === 'functionSource');
  assert.equal(source.alias?.name, 'it');
});

test('a dotted name outside the catalogs stays a table name', () => {
  const source = select('select * from my.table').from?.source;
  assert.ok(source?.kind === 'tableSource');
  assert.equal(source.name.name, 'my.table');
});

test('(SHOW PARAMETERS) is a query over show_parameters()', () => {
  assert.deepEqual(functionSource('(show parameters)'), { name: 'show_parameters', args: 0 });
});

test('(SHOW PARAMETERS) can be filtered like any parenthesised query', () => {
  const s = select("(SHOW PARAMETERS) WHERE property_path = 'http.enabled'");
  assert.ok(s.where?.kind === 'binary');
  assert.equal(s.from?.source.kind, 'functionSource');
});

test('SHOW PARAMETERS still parses as a statement', () => {
  assert.deepEqual(plain(parse('SHOW PARAMETERS')), { kind: 'show', what: 'parameters', position: 0 });
});

test('other parenthesised SHOW statements are refused at the SHOW word', () => {
  assertSyntaxError('(show tables)', '(SHOW TABLES) is not supported', 6);
});

test('(SHOW COLUMNS FROM t) is a query over table_columns(\'t\')', () => {
  assert.deepEqual(functionSource("(SHOW COLUMNS FROM 'trades') WHERE column = 'sym'"), { name: 'table_columns', args: 1 });
});

test('a CTE can be SHOW COLUMNS, as QuestDB\'s web console asks for a symbol column\'s details', () => {
  const s = select("WITH cols as (SHOW COLUMNS FROM 'trades') SELECT symbolCached, symbolCapacity, indexed FROM cols WHERE column = 'sym'");
  const cte = s.with?.[0].query;
  assert.ok(cte?.kind === 'select' && cte.from?.source.kind === 'functionSource');
  assert.equal(cte.from.source.call.name, 'table_columns');
  assert.deepEqual(plain(cte.from.source.call.args[0]), { kind: 'literal', type: 'string', value: 'trades', raw: "'trades'", position: 32 });
});

test('(SHOW PARAMETERS FROM t) and (SHOW COLUMNS) without a table are refused', () => {
  assertSyntaxError('(show parameters from t)', '(SHOW PARAMETERS) is not supported', 6);
  assertSyntaxError('(show columns)', '(SHOW COLUMNS) is not supported', 6);
});
