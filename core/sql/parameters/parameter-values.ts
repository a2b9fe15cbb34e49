/**
 * The values of one execution's parameters, converted once to their slots' types: a client's text
 * (`'42'`, `'t'`, `'2024-01-01 10:00:00+01'`) or an already typed value becomes the type's in-memory
 * form, or the execution fails before any row with `inconvertible value`. Expressions read a parameter
 * as a constant vector sized to the batch (kept per slot, so repeated batches reuse it).
 */
import { ColumnType, typeName } from '../../data/column-type';
import { allocateData, elementsPerRow, Vector, vectorLength } from '../../data/vector';
import { VectorBuilder } from '../../data/vector-builder';
import { SvcError } from '../../errors';
import { appendValue } from '../vector/append-value';
import { readValue, SqlValue } from '../vector/sql-value';
import { sliceVector } from '../vector/vector-ops';
import { normalizeParameter } from './parameter-conversion';
import type { ParameterInfo } from './parameter-slots';

/** QuestDB's answer to a statement with `$n` and no values (an /exec query without bind values). */
export const NO_BIND_VALUES = 'bind variable service is not provided';

export class ParameterValues {
  private readonly expanded = new Map<number, Vector>();

  private constructor(private readonly ones: readonly Vector[], private readonly outer?: ReadonlyMap<number, Vector>) {}

  /** These values plus an outer row's value for an outer-reference slot (correlated sub-queries). */
  withOuter(slot: number, one: Vector): ParameterValues {
    const outer = new Map(this.outer);
    outer.set(slot, one);
    return new ParameterValues(this.ones, outer);
  }

  private one(slot: number): Vector {
    const v = slot < this.ones.length ? this.ones[slot] : this.outer?.get(slot);
    if (!v) throw SvcError.sql(0, NO_BIND_VALUES);
    return v;
  }

  /** Converts `supplied` to the parameters' types; throws SvcError 400 on a missing or bad value. */
  static bind(parameters: readonly ParameterInfo[], supplied: readonly SqlValue[] | undefined): ParameterValues {
    if (supplied === undefined) {
      if (parameters.length > 0) throw SvcError.sql(0, NO_BIND_VALUES);
      return new ParameterValues([]);
    }
    if (supplied.length !== parameters.length) {
      throw SvcError.sql(0, `bind variable count mismatch [expected=${parameters.length}, actual=${supplied.length}]`);
    }
    return new ParameterValues(parameters.map((p, i) => oneValue(p, supplied[i])));
  }

  value(slot: number): SqlValue {
    return readValue(this.one(slot), 0);
  }

  /** The slot's value repeated `n` times. */
  vector(slot: number, n: number): Vector {
    let v = this.expanded.get(slot);
    const have = v ? vectorLength(v) : -1;
    if (!v || have < n) {
      v = repeatRow(this.one(slot), Math.max(n, 1024));
      this.expanded.set(slot, v);
    }
    return vectorLength(v) === n ? v : sliceVector(v, 0, n);
  }
}

function oneValue(p: ParameterInfo, value: SqlValue): Vector {
  const b = new VectorBuilder(p.type, 1);
  try {
    appendValue(b, normalizeParameter(value, p.type));
  } catch (e) {
    throw inconvertible(value, p.type, p.name, e);
  }
  return b.build();
}

function inconvertible(value: SqlValue, type: ColumnType, name: string, cause: unknown): SvcError {
  const from = typeof value === 'string' ? 'STRING' : typeof value === 'boolean' ? 'BOOLEAN' : value instanceof Uint8Array ? 'BINARY'
    : typeof value === 'number' && !Number.isInteger(value) ? 'DOUBLE' : 'LONG';
  const text = typeof value === 'string' ? `\`${value}\`` : value instanceof Uint8Array ? '[binary]' : String(value);
  return new SvcError(`inconvertible value: ${text} [${from} -> ${typeName(type)}] for bind variable ${name}`, 400, 0, { cause });
}

/** A one-row vector repeated `n` times, copying its bytes (no per-row conversion). */
function repeatRow(one: Vector, n: number): Vector {
  if (one.offsets) {
    // Bytes (STRING, BINARY, …) or, for an ARRAY, Float64 elements with a shape per row.
    const from = one.offsets[0], len = one.offsets[1] - from;
    const src = one.data.subarray(from, from + len);
    const data = one.data instanceof Float64Array ? new Float64Array(len * n) : new Uint8Array(len * n);
    const offsets = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) { data.set(src, i * len); offsets[i + 1] = (i + 1) * len; }
    const nulls = one.nulls?.[0] === 1 ? new Uint8Array(n).fill(1) : undefined;
    const dims = one.shapes ? (one.type.dims ?? 1) : 0;
    const shapes = one.shapes ? new Int32Array(n * dims) : undefined;
    if (shapes && one.shapes) for (let i = 0; i < n; i++) shapes.set(one.shapes.subarray(0, dims), i * dims);
    return { type: one.type, data, offsets, nulls, shapes };
  }
  const w = elementsPerRow(one.type);
  const data = allocateData(one.type, n);
  if (w === 1) data.fill(one.data[0]);
  else for (let i = 0; i < n; i++) data.set(one.data.subarray(0, w), i * w);
  const exact = one.exact ? new BigInt64Array(n).fill(one.exact[0]) : undefined;
  return { type: one.type, data, symbols: one.symbols, exact, shapes: one.shapes };
}
