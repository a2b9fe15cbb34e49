/**
 * A statement stopped while its source still had rows ends in the stop's error, never as if the source had
 * ended: a SELECT does not complete with the rows read so far, and a write commits nothing. The stop comes
 * while the writer appends (the moment a timer, a cancel or a closed client fires in a real server, between
 * two batches of the source), so the source's next batch is the first to see it.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { SvcError } from '../../core/errors';
import { StorageEngine, TableWriter } from '../../core/extension/storage-engine';
import { SqlCompiler } from '../../core/sql/sql-compiler';
import { builtinFunctions } from '../sql-functions/builtin-functions';
import { QuestDbSqlGrammar } from '../sql-grammar/questdb-sql-grammar';
import { SqlHarness } from './sql-harness';

let h: SqlHarness;
let stop: AbortController;
/** A compiler whose writers abort `stop` after their first append. */
let stopping: SqlCompiler;

const CANCELLED = new SvcError('cancelled by user [query_id=7]', 400, 0);

function stopAfterFirstAppend(engine: StorageEngine): StorageEngine {
  const wrapper: StorageEngine = Object.create(engine) as StorageEngine;
  wrapper.openWriter = async (table, options): Promise<TableWriter> => {
    const writer = await engine.openWriter(table, options);
    const append = writer.append.bind(writer);
    writer.append = async (batch): Promise<void> => {
      await append(batch);
      stop.abort(CANCELLED);
    };
    return writer;
  };
  return wrapper;
}

before(async () => {
  h = await SqlHarness.open();
  stopping = new SqlCompiler(new QuestDbSqlGrammar(), stopAfterFirstAppend(h.engine), builtinFunctions, { jit: true });
  await h.execute('create table u (x long, s symbol)');
  await h.execute("insert into u select x, 'a' from long_sequence(300000)");
});
after(async () => { await h.close(); });
beforeEach(() => { stop = new AbortController(); });

async function stopped(sql: string): Promise<void> {
  await assert.rejects(stopping.compile(sql).execute({ signal: stop.signal }), (e: unknown) => e === CANCELLED);
}

test('a SELECT whose signal fires between two batches of a generator fails instead of ending', async () => {
  const out = await h.compiler.compile('select x from long_sequence(1000000000000)').execute({ signal: stop.signal });
  assert.equal(out.kind, 'rows');
  if (out.kind !== 'rows') return;
  let batches = 0;
  await assert.rejects((async () => {
    for await (const b of out.result.batches()) {
      assert.ok(b.rowCount > 0);
      batches++;
      stop.abort(CANCELLED);
    }
  })(), (e: unknown) => e === CANCELLED);
  assert.equal(batches, 1);
});

test('an aggregate over a stopped generator gives no partial answer', async () => {
  const out = await h.compiler.compile('select count(), sum(x) from (select x from long_sequence(1000000000000))').execute({ signal: stop.signal });
  if (out.kind !== 'rows') throw new Error(out.kind);
  setTimeout(() => stop.abort(CANCELLED), 30);
  await assert.rejects((async () => { for await (const b of out.result.batches()) assert.fail(`an answer of ${b.rowCount} rows`); })(), (e: unknown) => e === CANCELLED);
});

test('a CREATE TABLE AS stopped while it writes leaves no table', async () => {
  await stopped('create table c as (select x, x * 2 y from long_sequence(1000000000000))');
  assert.equal(h.engine.getTable('c'), undefined);
});

test('an INSERT … SELECT stopped while it writes adds no row', async () => {
  await h.execute('create table i (x long)');
  await stopped('insert into i select x from long_sequence(1000000000000)');
  assert.deepEqual((await h.query('select count() from i')).rows, [[0]]);
});

test('an UPDATE stopped while it writes changes no row', async () => {
  await stopped('update u set x = x + 1, s = \'b\'');
  assert.deepEqual((await h.query('select count(), sum(x), count_distinct(s) from u')).rows, [[300000, 45000150000, 1]]);
});
