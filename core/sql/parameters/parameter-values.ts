/**
 * The values of one execution's parameters, converted once to their slots' types: a client's text
 * (`'42'`, `'t'`, `'2024-01-01 10:00:00+01'`) or an already typed value becomes the type's in-memory
 * form, or the execution fails before any row with `inconvertible value`. Expressions read a parameter
 * as a constant vector sized to the batch (kept per slot, so repeated batches reuse it).
 */
import { ColumnType, typeName } from '../../data/column-type';
import { Vector, vectorLength } from '../../data/vector';
import { VectorBuilder } from '../../data/vector-builder';
import { SvcError } from '../../errors';
import { appendValue } from '../vector/append-value';
import { readValue, SqlValue } from '../vector/sql-value';
import { sliceVector, constantVector } from '../vector/vector-ops';
import { normalizeParameter } from './parameter-conversion';
import type { ParameterInfo } from './parameter-slots';

/** QuestDB's answer to a statement with `$n` and no values (an /exec query without bind values). */
export const NO_BIND_VALUES = 'bind variable service is not provided';

export class ParameterValues {
  private readonly expanded: (Vector | undefined)[];

  private constructor(private readonly ones: readonly Vector[]) {
    this.expanded = new Array<Vector | undefined>(ones.length);
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
    return readValue(this.ones[slot], 0);
  }

  /** The slot's value repeated `n` times. */
  vector(slot: number, n: number): Vector {
    let v = this.expanded[slot];
    const have = v ? vectorLength(v) : -1;
    if (!v || have < n) {
      v = constantVector(this.ones[slot].type, this.value(slot), Math.max(n, 1024));
      this.expanded[slot] = v;
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
  const from = typeof value === 'string' ? 'STRING' : typeof value === 'boolean' ? 'BOOLEAN' : value instanceof Uint8Array ? 'BINARY' : 'LONG';
  const text = typeof value === 'string' ? `\`${value}\`` : value instanceof Uint8Array ? '[binary]' : String(value);
  return new SvcError(`inconvertible value: ${text} [${from} -> ${typeName(type)}] for bind variable ${name}`, 400, 0, { cause });
}
