/** coalesce and nullif; CASE is an expression form the binder evaluates itself. */
import { ColumnType } from '../../../core/data/column-type';
import { ScalarFunction } from '../../../core/extension/sql-function';
import { rowFunction } from '../row-kernels';

const first = (a: readonly ColumnType[]): ColumnType => a[0];

export const conditionalFunctions: readonly ScalarFunction[] = [
  rowFunction('coalesce', ['same'], first, (v) => v.find((x) => x !== null) ?? null, { variadic: true, nullSafe: true }),
  rowFunction('nullif', ['same', 'same'], first, (v) => (v[0] !== null && v[1] !== null && v[0] === v[1] ? null : v[0]), { nullSafe: true }),
];
