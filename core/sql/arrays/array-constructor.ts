/**
 * `ARRAY[1.0, 2]`, `ARRAY[[1.0, 2], [3, 4]]`: a DOUBLE array of the literal's fixed shape, one per row,
 * from element expressions cast to DOUBLE. Nested brackets must be rectangular.
 */
import { arrayType, Types } from '../../data/column-type';
import { VectorBuilder } from '../../data/vector-builder';
import { SvcError } from '../../errors';
import { ScalarFunction } from '../../extension/sql-function';
import type { Expression } from '../ast';

/** The literal's shape and its leaf elements in row-major order; ragged nesting is refused. */
export function arrayLiteralShape(e: Extract<Expression, { kind: 'array' }>): { shape: number[]; leaves: Expression[] } {
  const leaves: Expression[] = [];
  const shape: number[] = [];
  let leafDepth = -1;
  const walk = (node: Extract<Expression, { kind: 'array' }>, depth: number): void => {
    if (shape.length === depth) shape.push(node.elements.length);
    else if (shape[depth] !== node.elements.length) throw SvcError.sql(node.position, 'array shape mismatch');
    for (const el of node.elements) {
      if (el.kind === 'array') { walk(el, depth + 1); continue; }
      if (leafDepth === -1) leafDepth = depth;
      else if (leafDepth !== depth) throw SvcError.sql(el.position, 'array shape mismatch');
      leaves.push(el);
    }
  };
  walk(e, 0);
  if (leafDepth !== -1 && leafDepth !== shape.length - 1) throw SvcError.sql(e.position, 'array shape mismatch');
  return { shape, leaves };
}

/** The constructor of arrays of `shape` from that many DOUBLE arguments. */
export function arrayConstructor(shape: readonly number[]): ScalarFunction {
  const type = arrayType(Types.DOUBLE.tag, shape.length);
  return {
    kind: 'scalar', name: 'array', args: [Types.DOUBLE], variadic: true, returns: type,
    kernel(args, n) {
      const b = new VectorBuilder(type, Math.max(1, n));
      const row = new Float64Array(args.length);
      for (let i = 0; i < n; i++) {
        for (let k = 0; k < args.length; k++) row[k] = args[k].data[i];
        b.appendArray(row, shape);
      }
      return b.build();
    },
  };
}
