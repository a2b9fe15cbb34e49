import assert from 'node:assert/strict';
import test from 'node:test';
import { parse, plain } from './test-helpers';

const id = (name: string, position: number): object => ({ kind: 'identifier', name, quoted: false, position });
const type = (name: string, position: number): object => ({ kind: 'type', name, written: name.toUpperCase(), position });

test('CREATE TABLE with a column list, TIMESTAMP and PARTITION BY', () => {
  assert.deepEqual(plain(parse('CREATE TABLE sensors (ts TIMESTAMP, id SYMBOL) TIMESTAMP(ts) PARTITION BY DAY;')), {
    kind: 'createTable', table: id('sensors', 13), ifNotExists: false, position: 0,
    columns: [
      { kind: 'columnDefinition', name: id('ts', 22), type: type('timestamp', 25), indexed: false, position: 22 },
      { kind: 'columnDefinition', name: id('id', 36), type: type('symbol', 39), indexed: false, position: 36 },
    ],
    casts: [], indexes: [], params: [], timestamp: id('ts', 57), partitionBy: 'DAY', partitionByPosition: 74,
  });
});

test('CREATE TABLE with symbol options, WAL settings, DEDUP and WITH params', () => {
  const s = parse(`CREATE TABLE IF NOT EXISTS t (ts TIMESTAMP, s SYMBOL CAPACITY 256 NOCACHE INDEX CAPACITY 1024), INDEX(s)
    TIMESTAMP(ts) PARTITION BY hour TTL 2 DAYS BYPASS WAL DEDUP UPSERT KEYS(ts, s) WITH maxUncommittedRows=10000, o3MaxLag=1s`);
  assert.ok(s.kind === 'createTable');
  assert.equal(s.ifNotExists, true);
  const sym = s.columns?.[1];
  assert.deepEqual([sym?.symbolCache, sym?.indexed, sym?.symbolCapacity?.kind, sym?.indexCapacity?.kind], [false, true, 'literal', 'literal']);
  assert.deepEqual(s.indexes.map(i => i.column.name), ['s']);
  assert.deepEqual([s.partitionBy, s.wal, s.ttl?.value, s.ttl?.unit], ['HOUR', false, 2, 'days']);
  assert.deepEqual(s.dedupKeys?.map(k => k.name), ['ts', 's']);
  assert.deepEqual(s.params.map(p => [p.name.name, p.value.kind]), [['maxUncommittedRows', 'literal'], ['o3MaxLag', 'duration']]);
});

test('CREATE TABLE … WAL, and nothing written leaves wal undefined', () => {
  const wal = parse('CREATE TABLE t (ts TIMESTAMP) TIMESTAMP(ts) PARTITION BY DAY WAL');
  assert.ok(wal.kind === 'createTable' && wal.wal === true);
  const none = parse('CREATE TABLE t (a INT)');
  assert.ok(none.kind === 'createTable' && none.wal === undefined && none.partitionBy === undefined);
});

test('CREATE TABLE AS (query) with casts and indexes; TIMESTAMP after the parentheses is the table\'s', () => {
  const s = parse('CREATE TABLE t AS (SELECT * FROM u), CAST(a AS SYMBOL), INDEX(a CAPACITY 512) TIMESTAMP(ts) PARTITION BY MONTH');
  assert.ok(s.kind === 'createTable' && s.asSelect?.kind === 'select' && s.columns === undefined);
  assert.deepEqual(plain(s.casts), [{ kind: 'columnCast', column: id('a', 42), type: type('symbol', 47), position: 37 }]);
  assert.equal(s.indexes[0].capacity?.kind, 'literal');
  assert.deepEqual(plain(s.timestamp), id('ts', 88));
});

test('CREATE TABLE t2 (LIKE t)', () => {
  const s = parse('CREATE TABLE t2 (LIKE t)');
  assert.ok(s.kind === 'createTable' && s.like?.name === 't' && s.columns === undefined);
});

test('INSERT with several rows and a column list', () => {
  assert.deepEqual(plain(parse("INSERT INTO t (a, b) VALUES (1, 'x'), (2, 'y')")), {
    kind: 'insert', table: id('t', 12), columns: [id('a', 15), id('b', 18)], atomic: false, position: 0,
    source: { kind: 'values', position: 21, rows: [
      { kind: 'valuesRow', position: 28, end: 35, values: [
        { kind: 'literal', type: 'int', value: 1, raw: '1', position: 29 },
        { kind: 'literal', type: 'char', value: 'x', raw: "'x'", position: 32 }] },
      { kind: 'valuesRow', position: 38, end: 45, values: [
        { kind: 'literal', type: 'int', value: 2, raw: '2', position: 39 },
        { kind: 'literal', type: 'char', value: 'y', raw: "'y'", position: 42 }] },
    ] },
  });
});

test('INSERT … SELECT, WITH … INSERT, ATOMIC and BATCH', () => {
  const withInsert = parse('WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x');
  assert.ok(withInsert.kind === 'insert' && withInsert.with?.length === 1 && withInsert.source.kind === 'select');
  const atomic = parse('INSERT ATOMIC INTO t SELECT * FROM u');
  assert.ok(atomic.kind === 'insert' && atomic.atomic);
  const batch = parse("INSERT BATCH 4096 o3MaxLag '1s' INTO t SELECT * FROM u");
  assert.ok(batch.kind === 'insert' && batch.batch?.size.kind === 'literal' && batch.batch.o3MaxLag?.kind === 'literal');
  const paren = parse('INSERT INTO t (SELECT * FROM u)');
  assert.ok(paren.kind === 'insert' && paren.columns === undefined && paren.source.kind === 'select');
});

test('UPDATE with alias, several assignments, FROM and WHERE', () => {
  const s = parse('UPDATE t u SET a = a + 1, b = 2 FROM v WHERE u.k = v.k');
  assert.ok(s.kind === 'update');
  assert.deepEqual(plain(s.alias), id('u', 9));
  assert.deepEqual(s.assignments.map(a => [a.column.name, a.position]), [['a', 15], ['b', 26]]);
  assert.ok(s.from?.source.kind === 'tableSource' && s.where?.kind === 'binary');
});

test('DROP TABLE [IF EXISTS], TRUNCATE TABLE and RENAME TABLE', () => {
  assert.deepEqual(plain(parse('DROP TABLE IF EXISTS t')), { kind: 'dropTable', table: id('t', 21), ifExists: true, position: 0 });
  assert.deepEqual(plain(parse('TRUNCATE TABLE a, b')), { kind: 'truncateTable', tables: [id('a', 15), id('b', 18)], ifExists: false, position: 0 });
  assert.deepEqual(plain(parse('RENAME TABLE a TO "b c"')),
    { kind: 'renameTable', from: id('a', 13), to: { kind: 'identifier', name: 'b c', quoted: true, position: 18 }, position: 0 });
});

test('ALTER TABLE column actions', () => {
  const action = (sql: string): unknown => {
    const s = parse(`ALTER TABLE t ${sql}`);
    assert.equal(s.kind, 'alterTable');
    return s.kind === 'alterTable' ? s.action.kind : undefined;
  };
  assert.equal(action('ADD COLUMN IF NOT EXISTS c INT, d SYMBOL INDEX'), 'addColumn');
  const ifNotExists = parse('ALTER TABLE t ADD COLUMN IF NOT EXISTS c INT');
  assert.ok(ifNotExists.kind === 'alterTable' && ifNotExists.action.kind === 'addColumn' && ifNotExists.action.ifNotExists);
  assert.equal(action('DROP COLUMN c, d'), 'dropColumn');
  assert.equal(action('RENAME COLUMN a TO b'), 'renameColumn');
  assert.equal(action('ALTER COLUMN c TYPE VARCHAR'), 'alterColumnType');
  assert.equal(action('ALTER COLUMN s ADD INDEX CAPACITY 128'), 'addIndex');
  assert.equal(action('ALTER COLUMN s DROP INDEX'), 'dropIndex');
  assert.equal(action('ALTER COLUMN s NOCACHE'), 'symbolCache');
  assert.equal(action('SET PARAM maxUncommittedRows = 100'), 'setParam');
  assert.equal(action('SET TYPE BYPASS WAL'), 'setType');
  assert.equal(action('DEDUP ENABLE UPSERT KEYS(ts, k)'), 'dedupEnable');
  assert.equal(action('DEDUP DISABLE'), 'dedupDisable');
  assert.equal(action("DROP PARTITION LIST '2025-03-01', '2025-03-02'"), 'dropPartition');
  assert.equal(action("DROP PARTITION WHERE ts < '2025'"), 'dropPartition');
});

test('ALTER TABLE ADD COLUMN keeps each definition and its position', () => {
  const s = parse('ALTER TABLE t ADD COLUMN c INT, d SYMBOL');
  assert.ok(s.kind === 'alterTable' && s.action.kind === 'addColumn');
  assert.deepEqual(s.action.columns.map(c => [c.name.name, c.type.name, c.position]), [['c', 'int', 25], ['d', 'symbol', 32]]);
  assert.equal(s.action.position, 14);
});

test('SHOW TABLES / COLUMNS FROM / PARTITIONS FROM / CREATE TABLE / PARAMETERS', () => {
  assert.deepEqual(plain(parse('SHOW TABLES')), { kind: 'show', what: 'tables', position: 0 });
  assert.deepEqual(plain(parse('SHOW COLUMNS FROM t')), { kind: 'show', what: 'columns', table: id('t', 18), position: 0 });
  assert.deepEqual(plain(parse('SHOW PARTITIONS FROM t')), { kind: 'show', what: 'partitions', table: id('t', 21), position: 0 });
  assert.deepEqual(plain(parse('SHOW CREATE TABLE t')), { kind: 'show', what: 'createTable', table: id('t', 18), position: 0 });
  assert.deepEqual(plain(parse('SHOW PARAMETERS')), { kind: 'show', what: 'parameters', position: 0 });
});
