/**
 * Evaluates a bound expression over a batch, one vector per node: column references are the batch's
 * own vectors (no copy), constants are filled once and reused while the batch size allows, calls run
 * their kernel on the argument vectors with the implicit casts the binder inserted.
 */
import { ColumnBatch } from '../data/column-batch';
import { Types, TypeTag } from '../data/column-type';
import { VectorBuilder } from '../data/vector-builder';
import { Vector, vectorLength } from '../data/vector';
import { GroupKeyIndex } from './operators/group-key-index';
import { BoundExpr } from './bound-expression';
import { ExecContext } from './plan';
import { castVector, nullVector } from './vector/cast-vector';
import { convertChecked } from './vector/checked-conversion';
import { constantVector, sliceVector } from './vector/vector-ops';
import { readValue, SqlValue } from './vector/sql-value';
import { isRuntimeValue } from './runtime-value';
import { appendValue } from './vector/append-value';
import { SvcError } from '../errors';
import { NO_BIND_VALUES } from './parameters/parameter-values';

const constants = new WeakMap<BoundExpr, Vector>();

export function evaluate(e: BoundExpr, batch: ColumnBatch, context: ExecContext): Vector {
  const n = batch.rowCount;
  switch (e.kind) {
    case 'column': return batch.vectors[e.index];
    case 'constant': {
      let v = constants.get(e);
      const have = v ? (v.offsets ? v.offsets.length - 1 : v.data.length) : -1;
      if (!v || have < n) {
        v = constantVector(e.type, e.value, Math.max(n, 1024));
        constants.set(e, v);
      }
      return have === n ? v : sliceVector(v, 0, n);
    }
    case 'call': {
      // No rows (a window over an empty table): nothing to compute, and a kernel reading a constant
      // argument's row 0 (a unit, a pattern) would find none.
      if (n === 0) return new VectorBuilder(e.type, 1).build();
      if (e.args.length > 0 && isRuntimeValue(e)) return constantVector(e.type, runtimeValue(e, context), n);
      const args = e.args.map((a) => evaluate(a, batch, context));
      return e.fn.kernel(args, n, e.type, context.functions, e);
    }
    case 'cast': return e.checked ? convertChecked(evaluate(e.expr, batch, context), e.type, n) : castVector(evaluate(e.expr, batch, context), e.type, n);
    case 'case': return evaluateCase(e, batch, context);
    case 'inQuery': {
      const values = context.subqueries.get(e);
      const x = evaluate(e.expr, batch, context);
      const out = new Uint8Array(n);
      if (!values || vectorLength(values) === 0) { if (e.negated) out.fill(1); return { type: Types.BOOLEAN, data: out }; }
      const ids = new Int32Array(n);
      subqueryIndex(values, context).lookup([x], n, ids);
      for (let i = 0; i < n; i++) out[i] = (ids[i] >= 0) !== e.negated ? 1 : 0;
      return { type: Types.BOOLEAN, data: out };
    }
    case 'parameter': {
      if (!context.parameters) throw SvcError.sql(0, NO_BIND_VALUES);
      return context.parameters.vector(e.slot, n);
    }
    case 'scalarQuery': {
      const v = context.subqueries.get(e);
      if (e.correlated) {
        if (!v) throw SvcError.sql(e.position, 'correlated sub-query is only supported in SELECT and WHERE');
        return v;
      }
      const value = v && (v.offsets ? v.offsets.length > 1 : v.data.length > 0) ? readValue(v, 0) : null;
      return constantVector(e.type, value, n);
    }
  }
}

/** Each execution's values of its runtime values (runtime-value.ts), computed on first use. */
const runtimeValues = new WeakMap<ExecContext, Map<BoundExpr, SqlValue>>();
const ONE_ROW: ColumnBatch = { rowCount: 1, vectors: [] };

function runtimeValue(e: Extract<BoundExpr, { kind: 'call' }>, context: ExecContext): SqlValue {
  let values = runtimeValues.get(context);
  if (!values) { values = new Map(); runtimeValues.set(context, values); }
  if (values.has(e)) return values.get(e) as SqlValue;
  const args = e.args.map((a) => evaluate(a, ONE_ROW, context));
  const value = readValue(e.fn.kernel(args, 1, e.type, context.functions, e), 0);
  values.set(e, value);
  return value;
}

/** The values of an IN (SELECT …) as a hash index, built once per execution (typed arrays: any count). */
const subqueryIndexes = new WeakMap<Vector, GroupKeyIndex>();

function subqueryIndex(values: Vector, context: ExecContext): GroupKeyIndex {
  let index = subqueryIndexes.get(values);
  if (!index) {
    index = new GroupKeyIndex([], context.memory, 'IN (SELECT …) values');
    const n = vectorLength(values);
    index.assign([values], n, new Int32Array(n));
    subqueryIndexes.set(values, index);
  }
  return index;
}

function evaluateCase(e: Extract<BoundExpr, { kind: 'case' }>, batch: ColumnBatch, context: ExecContext): Vector {
  const n = batch.rowCount;
  const conds = e.whens.map((w) => evaluate(w.when, batch, context).data);
  const thens = e.whens.map((w) => castVector(evaluate(w.then, batch, context), e.type, n));
  const otherwise = e.otherwise ? castVector(evaluate(e.otherwise, batch, context), e.type, n) : nullVector(e.type, n);
  const b = new VectorBuilder(e.type, Math.max(1, n));
  for (let i = 0; i < n; i++) {
    let k = 0;
    while (k < conds.length && conds[k][i] === 0) k++;
    const src = k < conds.length ? thens[k] : otherwise;
    if (e.type.tag === TypeTag.SYMBOL) appendValue(b, readValue(src, i)); else b.appendFrom(src, i);
  }
  return b.build();
}
