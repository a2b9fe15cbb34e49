/**
 * Collects window function calls of a SELECT list: `fn(args) OVER (PARTITION BY …
 * ORDER BY … ROWS|RANGE frame)` and `OVER w` for `WINDOW w AS (…)`. Each call becomes a placeholder
 * column (negative index) that the select binder rewrites to the Window operator's output column once the
 * input layout is final.
 */
import { ColumnType, Types, TypeTag } from '../data/column-type';
import { SvcError } from '../errors';
import type { Call, Expression, FrameBound, NamedWindow, WindowSpec } from './ast';
import { BoundColumn, BoundExpr } from './bound-expression';
import type { ExpressionBinder } from './expression-binder';
import { BoundWindowCall, FrameEdge, WindowFunctionName } from './operators/window';
import { placeholderColumn, resolvePlaceholders } from './placeholder-columns';

const WINDOW_MARK = 'win';
const RANKING = new Set(['row_number', 'rank', 'dense_rank', 'percent_rank', 'cume_dist', 'ntile']);
const VALUE = new Set(['lag', 'lead', 'first_value', 'last_value', 'nth_value']);
const AGGREGATE = new Set(['sum', 'avg', 'min', 'max', 'count']);

const UNIT_MICROS: Readonly<Record<string, number>> = {
  microsecond: 1, microseconds: 1, millisecond: 1000, milliseconds: 1000, second: 1e6, seconds: 1e6,
  minute: 6e7, minutes: 6e7, hour: 3.6e9, hours: 3.6e9, day: 8.64e10, days: 8.64e10, week: 6.048e11, weeks: 6.048e11,
};

export class WindowCollector {
  readonly calls: BoundWindowCall[] = [];
  private readonly named = new Map<string, WindowSpec>();

  constructor(windows: readonly NamedWindow[] | undefined) {
    for (const w of windows ?? []) this.named.set(w.name.name.toLowerCase(), w.spec);
  }

  collect(call: Call, binder: ExpressionBinder): BoundColumn {
    const spec = this.resolve(call.over as WindowSpec);
    const name = call.name;
    if (!RANKING.has(name) && !VALUE.has(name) && !AGGREGATE.has(name)) throw SvcError.sql(call.position, `window function is not supported: ${name}`);
    if (call.ignoreNulls && !VALUE.has(name)) throw SvcError.sql(call.position, `IGNORE NULLS is not supported for ${name}()`);
    const args = call.star ? [] : call.args.map((a) => binder.bind(a));
    // QuestDB's window value functions and min/max exist for LONG, DOUBLE, DATE, TIMESTAMP and DECIMAL: a
    // narrower integer is read as a LONG, a FLOAT as a DOUBLE (lag(INT) is a LONG).
    const widened = WIDENED_WINDOW_ARGUMENT[args[0]?.type.tag ?? TypeTag.NULL];
    if (widened && (VALUE.has(name) || name === 'min' || name === 'max')) args[0] = binder.coerce(args[0], widened, call.position, false);
    // lag/lead default takes the value's type (its rows are copied into the result).
    if ((name === 'lag' || name === 'lead') && args.length > 2) args[2] = binder.coerce(args[2], args[0].type, call.position, false);
    const partition = spec.partitionBy.map((p) => binder.bind(p));
    const order = spec.orderBy.map((o) => ({ expr: binder.bind(o.expr), descending: o.descending }));
    const type = resultType(name, args, call.position);
    if ((name === 'lag' || name === 'lead') && args.length > 1 && args[1].kind !== 'constant') throw SvcError.sql(call.position, 'constant offset expected');
    const counted = name === 'lag' || name === 'lead' || name === 'nth_value' || name === 'ntile';
    const countArg = name === 'ntile' ? args[0] : args[1];
    if (counted && countArg && countArg.kind !== 'constant') throw SvcError.sql(call.position, 'constant count expected');
    const offset = counted && countArg && countArg.kind === 'constant' ? Number(countArg.value) : 1;
    if ((name === 'ntile' || name === 'nth_value') && !(offset >= 1)) throw SvcError.sql(call.position, `${name}() needs a positive count`);
    const frame = spec.frame;
    if (frame && frame.mode === 'groups') throw SvcError.sql(frame.position, 'GROUPS frames are not supported');
    if (frame?.exclude === 'currentRow') throw SvcError.sql(frame.position, 'EXCLUDE CURRENT ROW is not supported');
    const bound: BoundWindowCall = {
      name: name as WindowFunctionName, args, partition, order, type, offset, ignoreNulls: call.ignoreNulls === true,
      rows: frame?.mode === 'rows',
      explicitFrame: frame !== undefined,
      start: frame ? edge(frame.start) : { kind: 'unbounded' },
      end: frame ? edge(frame.end) : order.length ? { kind: 'current' } : { kind: 'unbounded' },
    };
    if (bound.explicitFrame && !bound.rows && (bound.start.kind === 'offset' || bound.end.kind === 'offset')
      && (order.length !== 1 || !isNumeric(order[0].expr.type))) {
      throw SvcError.sql(call.position, 'RANGE with an offset needs exactly one numeric or timestamp ORDER BY column');
    }
    this.calls.push(bound);
    const k = this.calls.length - 1;
    return placeholderColumn(WINDOW_MARK, k, type, call.position);
  }

  private resolve(spec: WindowSpec): WindowSpec {
    if (!spec.name) return spec;
    const named = this.named.get(spec.name.name.toLowerCase());
    if (!named) throw SvcError.sql(spec.name.position, `window not found: ${spec.name.name}`);
    return named;
  }
}

function edge(b: FrameBound): FrameEdge {
  switch (b.bound) {
    case 'unboundedPreceding': case 'unboundedFollowing': return { kind: 'unbounded' };
    case 'currentRow': return { kind: 'current' };
    default: {
      const raw = offsetValue(b.offset, b.position);
      const unit = b.unit ? UNIT_MICROS[b.unit.toLowerCase()] : 1;
      if (unit === undefined) throw SvcError.sql(b.position, `invalid range unit: ${b.unit ?? ''}`);
      const amount = raw * unit;
      return { kind: 'offset', amount: b.bound === 'preceding' ? -amount : amount };
    }
  }
}

function offsetValue(e: Expression | undefined, position: number): number {
  const value: unknown = e && e.kind === 'literal' && 'value' in e ? e.value : undefined;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'bigint') {
    const n = Number(value);
    if (Number.isFinite(n) && n >= 0) return n;
  }
  throw SvcError.sql(e?.position ?? position, 'non-negative frame offset expected');
}

const WIDENED_WINDOW_ARGUMENT: Partial<Record<TypeTag, ColumnType>> = {
  [TypeTag.BYTE]: Types.LONG, [TypeTag.SHORT]: Types.LONG, [TypeTag.INT]: Types.LONG, [TypeTag.FLOAT]: Types.DOUBLE,
};

function resultType(name: string, args: readonly BoundExpr[], position: number): ColumnType {
  if (name === 'percent_rank' || name === 'cume_dist') return Types.DOUBLE;
  if (RANKING.has(name) || name === 'count') return Types.LONG;
  if (args.length === 0) throw SvcError.sql(position, `${name}() needs an argument`);
  if (name === 'sum' || name === 'avg') {
    if (!isNumeric(args[0].type)) throw SvcError.sql(position, `${name}() needs a numeric argument`);
    return Types.DOUBLE;
  }
  if ((name === 'min' || name === 'max') && !isNumeric(args[0].type)) throw SvcError.sql(position, `${name}() needs a numeric argument`);
  return args[0].type.tag === TypeTag.NULL ? Types.DOUBLE : args[0].type;
}

function isNumeric(t: ColumnType): boolean {
  return [TypeTag.BYTE, TypeTag.SHORT, TypeTag.INT, TypeTag.LONG, TypeTag.FLOAT, TypeTag.DOUBLE, TypeTag.TIMESTAMP, TypeTag.DATE].includes(t.tag);
}

/** Replaces window placeholders with the Window operator's output columns (`base + k`). */
export function rewriteWindowRefs(e: BoundExpr, base: number): BoundExpr {
  return resolvePlaceholders(e, WINDOW_MARK, base);
}
