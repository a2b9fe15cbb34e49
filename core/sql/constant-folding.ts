/**
 * Evaluates calls and casts whose inputs are all constants once, at bind time, so compiled filters and
 * interval extraction see plain numbers. Volatile functions and clock-dependent zero-argument calls stay.
 */
import { BoundExpr } from './bound-expression';
import { TypeTag } from '../data/column-type';
import { FunctionContext } from '../extension/sql-function';
import { castVector } from './vector/cast-vector';
import { convertChecked } from './vector/checked-conversion';
import { constantVector } from './vector/vector-ops';
import { readValue } from './vector/sql-value';
import { randomSource } from './random-source';

const foldContext: FunctionContext = { now: 0, user: 'admin', random: randomSource(undefined) };

export function foldConstant(e: BoundExpr): BoundExpr {
  // An ARRAY has no single-value form (SqlValue): array casts and calls are evaluated per batch.
  if (e.kind === 'cast' && e.expr.kind === 'constant' && e.type.tag !== TypeTag.ARRAY) {
    const input = constantVector(e.expr.type, e.expr.value, 1);
    const v = e.checked ? convertChecked(input, e.type, 1) : castVector(input, e.type, 1);
    return { kind: 'constant', type: e.type, value: readValue(v, 0), position: e.expr.position };
  }
  if (e.kind === 'call' && e.args.length > 0 && !e.fn.volatile && e.type.tag !== TypeTag.ARRAY && e.args.every((a) => a.kind === 'constant') && e.fn.name !== 'in_interval') {
    const args = e.args.map((a) => (a.kind === 'constant' ? constantVector(a.type, a.value, 1) : constantVector(a.type, null, 1)));
    const v = e.fn.kernel(args, 1, e.type, foldContext);
    return { kind: 'constant', type: e.type, value: readValue(v, 0), position: e.position };
  }
  return e;
}
