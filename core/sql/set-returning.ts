/**
 * Set-returning functions in a SELECT list (PostgreSQL's `SELECT unnest(a)`,
 * `information_schema._pg_expandarray(i.indkey)`): a table function that reads its arguments at
 * execution (TableFunction.describeRuntime) called where a value is expected. Each call becomes a
 * placeholder column that the select binder points at the ProjectSet operator's output once the input
 * layout is final. A function of one column gives that column's values; one of several gives records
 * (`(f(x)).n` reads a field, core/sql/record-text.ts).
 */
import { ColumnType, recordType } from '../data/column-type';
import { TableFunction, TableFunctionShape } from '../extension/sql-function';
import { BoundColumn, BoundExpr } from './bound-expression';
import { placeholderColumn, resolvePlaceholders } from './placeholder-columns';

export interface BoundSetReturningCall {
  readonly name: string;
  readonly shape: TableFunctionShape;
  readonly args: readonly BoundExpr[];
  /** The output column's type: the function's one column, or a record of its columns. */
  readonly type: ColumnType;
}

const MARK = 'srf';

export class SetReturningCollector {
  readonly calls: BoundSetReturningCall[] = [];

  collect(fn: TableFunction & Required<Pick<TableFunction, 'describeRuntime'>>, args: readonly BoundExpr[], positions: readonly number[], position: number): BoundColumn {
    const shape = fn.describeRuntime(args.map((a) => a.type), positions);
    const type = shape.columns.length === 1 ? shape.columns[0].type : recordType(shape.columns.map((c) => ({ name: c.name, type: c.type })));
    const k = this.calls.length;
    this.calls.push({ name: fn.name, shape, args, type });
    return placeholderColumn(MARK, k, type, position);
  }
}

/** Points the placeholders of `e` at the ProjectSet columns that follow the `base` input columns. */
export function rewriteSetReturningRefs(e: BoundExpr, base: number): BoundExpr {
  return resolvePlaceholders(e, MARK, base);
}
