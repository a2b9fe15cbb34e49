/** Helpers for the grammar's unit tests: parse, narrow to a node kind, and compare without `undefined` keys. */
import assert from 'node:assert/strict';
import type { Expression, Select, Statement } from '../../core/sql/ast';
import { isSvcError } from '../../core/errors';
import { QuestDbSqlGrammar } from './questdb-sql-grammar';

const grammar = new QuestDbSqlGrammar();

export function parse(sql: string): Statement {
  return grammar.parse(sql);
}

/** The statement as JSON-like data: undefined fields dropped, bigints as `123n` strings. */
export function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)));
}

export function select(sql: string): Select {
  const s = parse(sql);
  assert.equal(s.kind, 'select');
  return s as Select;
}

/** The expression of the first select item of `SELECT <expr>`. */
export function expression(text: string): Expression {
  return select(`SELECT ${text}`).projection[0].expr;
}

/** Asserts that parsing `sql` throws SvcError.sql with `message` at `position`. */
export function assertSyntaxError(sql: string, message: string, position: number): void {
  assert.throws(() => parse(sql), (e: unknown) => {
    assert.ok(isSvcError(e), `not a SvcError: ${String(e)}`);
    assert.equal(e.message, message);
    assert.equal(e.position, position);
    assert.equal(e.statusCode, 400);
    return true;
  });
}
