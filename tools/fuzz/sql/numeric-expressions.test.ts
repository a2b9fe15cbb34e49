/**
 * The DuckDB side of numeric expressions computes QuestDB's values: run in embedded DuckDB on the edge
 * values where the two engines' own rules part.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { column } from './expr';
import { DuckRunner } from './duck-runner';
import { abs } from './numeric-expressions';

test('abs of a SHORT wraps as QuestDB\'s (short) -value: abs(-32768) is -32768, in a select list and in WHERE', async () => {
  const duck = await DuckRunner.open();
  try {
    await duck.must('CREATE TABLE t (k SMALLINT, b TINYINT)');
    await duck.must('INSERT INTO t VALUES (-32768, -128), (-5, 5), (7, 0)');
    const e = abs(column('k', 'SHORT'));
    assert.equal(e.type, 'SHORT');
    const a = await duck.exec(`SELECT ${e.d} FROM t ORDER BY k`);
    assert.ok(a.ok, a.ok ? '' : a.error);
    assert.deepEqual(a.rows.map((r) => Number(r[0])), [-32768, 5, 7]);
    // DuckDB answered a failing cast inside WHERE with rows instead of an error: the filter must see -32768 too.
    const w = await duck.exec(`SELECT k FROM t WHERE ${e.d} <= 1`);
    assert.ok(w.ok, w.ok ? '' : w.error);
    assert.deepEqual(w.rows.map((r) => Number(r[0])), [-32768]);
    // abs(BYTE) is abs(SHORT) of the widened value: 128.
    const b = abs(column('b', 'BYTE'));
    const r = await duck.exec(`SELECT ${b.d} FROM t ORDER BY k`);
    assert.ok(r.ok, r.ok ? '' : r.error);
    assert.deepEqual(r.rows.map((x) => Number(x[0])), [128, 5, 0]);
  } finally {
    duck.close();
  }
});
