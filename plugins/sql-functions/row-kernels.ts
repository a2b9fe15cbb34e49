/**
 * Kernels for functions whose work per row is a JS-level operation anyway (text, rounding with a scale):
 * they read values with the typed layout and write through a builder. Numeric unary kernels use the
 * generated loops of kernel-templates.ts instead.
 */
import { ColumnType, Types } from '../../core/data/column-type';
import { VectorBuilder } from '../../core/data/vector-builder';
import { Vector } from '../../core/data/vector';
import { ParamType, ScalarFunction } from '../../core/extension/sql-function';
import { readValue, SqlValue } from '../../core/sql/vector/sql-value';
import { appendValue } from '../../core/sql/vector/append-value';
import { nullKindOf, runUnary, unaryLoop } from './kernel-templates';

/** A scalar function computed per row from JS values; null in → null out unless `nullSafe`. */
export function rowFunction(
  name: string, args: readonly ParamType[], returns: ColumnType | ((a: readonly ColumnType[]) => ColumnType),
  fn: (values: SqlValue[]) => SqlValue, options: { variadic?: boolean; nullSafe?: boolean; constantArgs?: number[]; volatile?: boolean } = {},
): ScalarFunction {
  return {
    kind: 'scalar', name, args, returns, variadic: options.variadic, constantArgs: options.constantArgs, volatile: options.volatile,
    kernel(vectors: readonly Vector[], n: number, type: ColumnType): Vector {
      const b = new VectorBuilder(type, Math.max(1, n));
      const values: SqlValue[] = new Array<SqlValue>(vectors.length);
      for (let i = 0; i < n; i++) {
        let anyNull = false;
        for (let k = 0; k < vectors.length; k++) { values[k] = readValue(vectors[k], i); if (values[k] === null) anyNull = true; }
        appendValue(b, anyNull && !options.nullSafe ? null : fn(values));
      }
      return b.build();
    },
  };
}

/** DOUBLE → DOUBLE through a generated loop (`body` uses x). */
export function doubleUnary(name: string, body: string): ScalarFunction {
  const loop = unaryLoop(body, 'nan', 'nan', true);
  return { kind: 'scalar', name, args: [Types.DOUBLE], returns: Types.DOUBLE, kernel: (a, n, t) => runUnary(loop, a[0], n, t) };
}

/** Same-type unary over a numeric family (abs, neg). */
export function typedUnary(name: string, t: ColumnType, body: string): ScalarFunction {
  const loop = unaryLoop(body, nullKindOf(t), nullKindOf(t));
  return { kind: 'scalar', name, args: [t], returns: t, kernel: (a, n, type) => runUnary(loop, a[0], n, type) };
}
