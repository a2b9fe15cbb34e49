/**
 * The comparer's exactness rules: computed doubles exactly, a float function within 1e-12 relative, and a
 * remainder of an inexact operand only for being NULL or not (expr.ts, `unstable`).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { column, node } from './expr';
import { arithmetic } from './numeric-expressions';
import { compareResults } from './result-comparer';
import { SelectQuery } from './select-query';

const d = column('d', 'DOUBLE');
const ln = node({ type: 'DOUBLE', exactness: 'ulp', q: ([v]) => `ln(${v})`, d: ([v]) => `ln(${v})` }, [d]);

function query(expr: ReturnType<typeof column>): SelectQuery {
  return { construct: 'filter', from: { table: 't' }, items: [{ expr, alias: 'c0' }], ordered: false };
}

function verdict(q: SelectQuery, svc: unknown, duck: number | null): string {
  return compareResults(q, { ok: true, columns: [{ name: 'c0', type: 'DOUBLE' }], rows: [[svc]] }, { ok: true, types: ['DOUBLE'], rows: [[duck]] }).kind;
}

test('a remainder with an inexact operand is unstable; one of exact operands is not', () => {
  assert.equal(arithmetic('%', d, ln).exactness, 'unstable');
  assert.equal(arithmetic('%', ln, d).exactness, 'unstable');
  assert.equal(arithmetic('%', d, d).exactness, 'exact');
  assert.equal(arithmetic('+', d, ln).exactness, 'ulp');
  // Unstable dominates whatever it is built into.
  assert.equal(arithmetic('+', arithmetic('%', d, ln), d).exactness, 'unstable');
});

test('an unstable value compares only for being NULL or not', () => {
  // 2^63 % ln(3) with ln(3) one ulp apart: 0.4569558287308886 against 0.6320735667499839 (seed 14).
  const q = query(arithmetic('%', d, ln));
  assert.equal(verdict(q, 0.4569558287308886, 0.6320735667499839), 'match');
  assert.equal(verdict(q, null, 0.5), 'mismatch');
  assert.equal(verdict(q, 0.5, null), 'mismatch');
  assert.equal(verdict(q, null, null), 'match');
});

test('a float function compares within 1e-12 relative, a computed double exactly', () => {
  assert.equal(verdict(query(ln), 1.0986122886681098, 1.0986122886681096), 'match');
  assert.equal(verdict(query(ln), 1.0986122886681098, 1.0986122886781098), 'mismatch');
  const sum = arithmetic('+', d, d);
  assert.equal(verdict(query(sum), 2.5, 2.5), 'match');
  assert.equal(verdict(query(sum), 2.5, 2.5000000000000004), 'mismatch');
});

test('unordered rows compare as multisets', () => {
  const q = query(arithmetic('+', d, d));
  const svc = { ok: true as const, columns: [{ name: 'c0', type: 'DOUBLE' }], rows: [[3], [1], [2]] };
  assert.equal(compareResults(q, svc, { ok: true, types: ['DOUBLE'], rows: [[1], [2], [3]] }).kind, 'match');
  assert.equal(compareResults(q, svc, { ok: true, types: ['DOUBLE'], rows: [[1], [2], [4]] }).kind, 'mismatch');
});
