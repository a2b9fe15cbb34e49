/**
 * Random typed scalar expressions over a scope: leaves (columns, constants) here, the operators and
 * functions of each family in numeric-expressions.ts, predicate-expressions.ts, text-expressions.ts and
 * time-expressions.ts. Every expression is valid in both dialects and means the same in both.
 */
import { Prng } from '../prng';
import { FUZZ_TYPES, FuzzTypeName, isFloat, isInteger, isString, isTime, notNullable, Value } from './fuzz-types';
import { column, Expr, literal } from './expr';
import { numericExpression } from './numeric-expressions';
import { predicateExpression } from './predicate-expressions';
import { Scope, ScopeColumn } from './scope';
import { textExpression } from './text-expressions';
import { timeExpression } from './time-expressions';
import { ValueGenerator } from './value-generator';

export type Want = 'integer' | 'float' | 'numeric' | 'text' | 'time' | 'bool' | 'any';

const MATCHES: Record<Want, (t: FuzzTypeName) => boolean> = {
  integer: isInteger,
  float: isFloat,
  numeric: (t) => isInteger(t) || isFloat(t),
  text: isString,
  time: isTime,
  bool: (t) => t === 'BOOLEAN',
  any: () => true,
};

export class ExpressionGenerator {
  readonly values: ValueGenerator;

  constructor(readonly rnd: Prng, readonly scope: Scope) {
    this.values = new ValueGenerator(rnd);
  }

  matches(want: Want, t: FuzzTypeName): boolean {
    return MATCHES[want](t);
  }

  /** A column of the wanted kind (a constant when the scope has none). */
  leaf(want: Want, extra: (c: ScopeColumn) => boolean = () => true): Expr {
    const cs = this.scope.columns.filter((c) => MATCHES[want](c.type) && extra(c));
    if (cs.length === 0 || this.rnd.chance(0.12)) return this.constant(this.typeFor(want));
    return this.ref(this.rnd.pick(cs));
  }

  /** A reference to a scope column (an outer join's non-nullable column reads false / 0 when unmatched). */
  ref(c: ScopeColumn): Expr {
    const e = column(c.name, c.type, c.qualifier);
    if (!c.outer || !notNullable(c.type)) return e;
    return { ...e, d: `coalesce(${e.d}, ${c.type === 'BOOLEAN' ? 'false' : '0'})` };
  }

  /** A column (never a constant) of the wanted kind, or undefined. */
  columnOf(want: Want, extra: (c: ScopeColumn) => boolean = () => true): ScopeColumn | undefined {
    const cs = this.scope.columns.filter((c) => MATCHES[want](c.type) && extra(c));
    return cs.length > 0 ? this.rnd.pick(cs) : undefined;
  }

  typeFor(want: Want): FuzzTypeName {
    const r = this.rnd;
    switch (want) {
      case 'integer': return r.pick(['INT', 'INT', 'LONG', 'SHORT', 'BYTE']);
      case 'float': return r.pick(['DOUBLE', 'DOUBLE', 'FLOAT']);
      case 'numeric': return r.pick(['INT', 'LONG', 'DOUBLE']);
      case 'text': return r.pick(['STRING', 'VARCHAR']);
      case 'time': return 'TIMESTAMP';
      case 'bool': return 'BOOLEAN';
      case 'any': return r.pick(['INT', 'LONG', 'DOUBLE', 'VARCHAR', 'TIMESTAMP']);
    }
  }

  /** A constant of `type`: often a value stored in a column of that type, so comparisons hit rows. */
  constant(type: FuzzTypeName, like?: Expr): Expr {
    const source = like?.column ? this.scope.columns.find((c) => (c.qualifier ? `${c.qualifier}.${c.name}` : c.name) === like.column) : undefined;
    const pool = (source ?? this.rnd.pick([...this.scope.columns.filter((c) => c.type === type), undefined]))?.values ?? [];
    let v: Value;
    if (pool.length > 0 && this.rnd.chance(0.6)) v = this.rnd.pick(pool);
    else if (this.rnd.chance(0.08) && !notNullable(type)) v = null;
    else v = this.values.fresh(type, this.rnd.chance(0.3), this.rnd.chance(0.5));
    if (typeof v === 'number' && Number.isNaN(v) && !(type === 'DOUBLE' || type === 'FLOAT')) v = null;
    return literal(type, v);
  }

  /** An expression of the wanted kind, at most `depth` operators deep. */
  of(want: Want, depth: number): Expr {
    if (want === 'any') want = this.rnd.weighted<Want>([['numeric', 5], ['text', 2], ['time', 1], ['bool', 1]]);
    if (depth <= 0 || this.rnd.chance(0.25)) {
      if (want === 'bool' && this.rnd.chance(0.6)) return predicateExpression(this, 0);
      return this.leaf(want);
    }
    switch (want) {
      case 'integer': case 'float': case 'numeric': return numericExpression(this, want, depth);
      case 'text': return textExpression(this, depth);
      case 'time': return timeExpression(this, depth);
      default: return predicateExpression(this, depth);
    }
  }

  /** The DDL name of a type in svc (for casts). */
  svcType(t: FuzzTypeName): string {
    return FUZZ_TYPES[t].svcDdl.toLowerCase();
  }
}
