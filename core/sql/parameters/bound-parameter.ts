/**
 * A bind parameter after binding: slot `slot` (0-based) of the statement's parameter list, with the type
 * the client declared or the binder inferred. Its value is read from the execution's ParameterValues, so
 * one plan serves every execution; the SQL text never contains the value.
 */
import { ColumnType } from '../../data/column-type';

/** A column of an enclosing query used inside a sub-query: the sub-query's parameter `slot` takes its value. */
export interface OuterReference {
  readonly slot: number;
  /** The column in the enclosing query's layout. */
  readonly outer: { readonly kind: 'column'; readonly index: number; readonly type: ColumnType; readonly name: string; readonly position: number };
}

export interface BoundParameter {
  readonly kind: 'parameter';
  readonly slot: number;
  readonly type: ColumnType;
  readonly position: number;
}
