/**
 * Expressions after binding: names resolved to column indexes of the input layout, types known,
 * overloads chosen and implicit casts inserted. Evaluated batch-wise by
 * evaluate.ts; WHERE trees over numeric/timestamp/symbol columns may also be compiled (compiled-filter.ts).
 */
import { ColumnType } from '../data/column-type';
import { ScalarFunction } from '../extension/sql-function';
import type { PlanNode } from './plan';
import type { BoundParameter, OuterReference } from './parameters/bound-parameter';
import { SqlValue } from './vector/sql-value';

export type BoundExpr = BoundColumn | BoundConstant | BoundCall | BoundCast | BoundCase | BoundInQuery | BoundScalarQuery | BoundParameter;

export interface BoundColumn {
  readonly kind: 'column';
  /** Index of the vector in the input batch. */
  readonly index: number;
  readonly type: ColumnType;
  readonly name: string;
  readonly position: number;
}

export interface BoundConstant {
  readonly kind: 'constant';
  readonly type: ColumnType;
  readonly value: SqlValue;
  readonly position: number;
}

export interface BoundCall {
  readonly kind: 'call';
  readonly fn: ScalarFunction;
  readonly args: readonly BoundExpr[];
  readonly type: ColumnType;
  readonly position: number;
}

export interface BoundCast {
  readonly kind: 'cast';
  readonly expr: BoundExpr;
  readonly type: ColumnType;
  readonly position: number;
  /** An implicit text → number conversion: values that do not read as numbers fail (checked-conversion.ts). */
  readonly checked?: boolean;
}

export interface BoundCase {
  readonly kind: 'case';
  readonly whens: readonly { readonly when: BoundExpr; readonly then: BoundExpr }[];
  readonly otherwise?: BoundExpr;
  readonly type: ColumnType;
  readonly position: number;
}

/** `x [NOT] IN (SELECT …)`: the sub-query runs once per execution, before the outer rows. */
export interface BoundInQuery {
  readonly kind: 'inQuery';
  readonly expr: BoundExpr;
  readonly plan: PlanNode;
  readonly negated: boolean;
  readonly type: ColumnType;
  readonly position: number;
}

/**
 * A scalar sub-query used as a value: its first row's first column (null when empty). A correlated one
 * (it names columns of the enclosing query) runs once per outer row with those values as parameters.
 */
export interface BoundScalarQuery {
  readonly kind: 'scalarQuery';
  readonly plan: PlanNode;
  readonly type: ColumnType;
  readonly position: number;
  readonly correlated?: readonly OuterReference[];
  /** `ARRAY(SELECT …)`: every row's value as array text rather than the first row's. */
  readonly array?: boolean;
}

export function isConstant(e: BoundExpr): e is BoundConstant {
  return e.kind === 'constant';
}

/** The operands of a chain of ANDs, left to right (`out` too, when given). */
export function conjuncts(e: BoundExpr, out: BoundExpr[] = []): BoundExpr[] {
  if (e.kind === 'call' && e.fn.name === 'and') { conjuncts(e.args[0], out); conjuncts(e.args[1], out); } else out.push(e);
  return out;
}

/** Visits every node (pre-order). */
export function walk(e: BoundExpr, visit: (e: BoundExpr) => void): void {
  visit(e);
  switch (e.kind) {
    case 'call': for (const a of e.args) walk(a, visit); break;
    case 'cast': walk(e.expr, visit); break;
    case 'case': for (const w of e.whens) { walk(w.when, visit); walk(w.then, visit); } if (e.otherwise) walk(e.otherwise, visit); break;
    case 'inQuery': walk(e.expr, visit); break;
    default: break;
  }
}
