/**
 * A bind parameter after binding: slot `slot` (0-based) of the statement's parameter list, with the type
 * the client declared or the binder inferred. Its value is read from the execution's ParameterValues, so
 * one plan serves every execution; the SQL text never contains the value.
 */
import { ColumnType } from '../../data/column-type';

export interface BoundParameter {
  readonly kind: 'parameter';
  readonly slot: number;
  readonly type: ColumnType;
  readonly position: number;
}
