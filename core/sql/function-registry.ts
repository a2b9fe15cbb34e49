/**
 * All registered SqlFunctions by name, and overload resolution: the candidate whose parameters the
 * argument types reach with the least total implicit-cast cost wins. Errors name
 * the function and the argument types, at the call's position.
 */
import { ANY_DECIMAL, ColumnType, typeName } from '../data/column-type';
import { SvcError } from '../errors';
import { AggregateFunction, ParamType, ScalarFunction, SqlFunction, TableFunction } from '../extension/sql-function';
import { asDecimal, commonType, implicitCastCost } from './implicit-cast';

export interface ArgInfo {
  readonly type: ColumnType;
  readonly constant: boolean;
}

export interface Resolved<F> {
  readonly fn: F;
  /** The type each argument must be cast to (equal to its own type when no cast is needed). */
  readonly params: readonly ColumnType[];
  readonly returns: ColumnType;
}

const OPERATORS = new Set(['+', '-', '*', '/', '%', '=', '!=', '<', '<=', '>', '>=', '&', '|', '^', '||', '~', '!~', 'and', 'or', 'not', 'neg']);

export class FunctionRegistry {
  private readonly scalars = new Map<string, ScalarFunction[]>();
  private readonly aggregates = new Map<string, AggregateFunction[]>();
  private readonly tables = new Map<string, TableFunction>();

  constructor(functions: readonly SqlFunction[]) {
    for (const f of functions) {
      const name = f.name.toLowerCase();
      if (f.kind === 'table') this.tables.set(name, f);
      else if (f.kind === 'aggregate') push(this.aggregates, name, f);
      else push(this.scalars, name, f);
    }
  }

  isAggregate(name: string): boolean {
    return this.aggregates.has(unqualified(name, this.aggregates));
  }

  tableFunction(name: string): TableFunction | undefined {
    return this.tables.get(unqualified(name, this.tables));
  }

  hasScalar(name: string): boolean {
    return this.scalars.has(unqualified(name, this.scalars));
  }

  resolveScalar(name: string, args: readonly ArgInfo[], position: number): Resolved<ScalarFunction> {
    return this.resolve(this.scalars.get(unqualified(name, this.scalars)), name, args, position);
  }

  resolveAggregate(name: string, args: readonly ArgInfo[], position: number): Resolved<AggregateFunction> {
    return this.resolve(this.aggregates.get(unqualified(name, this.aggregates)), name, args, position);
  }

  private resolve<F extends ScalarFunction | AggregateFunction>(candidates: F[] | undefined, name: string, args: readonly ArgInfo[], position: number): Resolved<F> {
    if (!candidates) throw SvcError.sql(position, `unknown function name: ${name}(${args.map((a) => typeName(a.type)).join(',')})`);
    let best: Resolved<F> | undefined;
    let bestCost = Infinity;
    for (const f of candidates) {
      const params = fit(f.args, f.variadic ?? false, args);
      if (!params) continue;
      if (params.cost < bestCost) {
        bestCost = params.cost;
        const returns = typeof f.returns === 'function' ? f.returns(params.types) : f.returns;
        best = { fn: f, params: params.types, returns };
      }
    }
    if (!best) {
      const types = args.map((a) => typeName(a.type));
      const lower = name.toLowerCase();
      if (OPERATORS.has(lower) && args.length === 2) {
        throw SvcError.sql(position, `there is no matching operator \`${name}\` with the argument types: ${types[0]} ${name} ${types[1]}`);
      }
      throw SvcError.sql(position, `there is no matching function \`${name}\` with the argument types: (${types.join(', ')})`);
    }
    return best;
  }
}

/** `pg_catalog.lower` is `lower`: PostgreSQL tools qualify built-in functions with their schema. */
function unqualified(name: string, registered: ReadonlyMap<string, unknown>): string {
  const n = name.toLowerCase();
  return n.startsWith('pg_catalog.') && !registered.has(n) ? n.slice(11) : n;
}

function push<T>(m: Map<string, T[]>, k: string, v: T): void {
  const list = m.get(k);
  if (list) list.push(v); else m.set(k, [v]);
}

/** The cost and target types of calling parameters `decl` with `args`, or undefined when they do not fit. */
function fit(decl: readonly ParamType[], variadic: boolean, args: readonly ArgInfo[]): { cost: number; types: ColumnType[] } | undefined {
  if (variadic ? args.length < decl.length - 1 || (decl.length === 0 && args.length > 0) : args.length !== decl.length) return undefined;
  const paramAt = (i: number): ParamType => (i < decl.length ? decl[i] : decl[decl.length - 1]);
  const sameTypes = args.filter((_a, i) => paramAt(i) === 'same').map((a) => a.type);
  const same = sameTypes.length ? commonType(sameTypes) : undefined;
  let cost = 0;
  const types: ColumnType[] = [];
  for (let i = 0; i < args.length; i++) {
    const p = paramAt(i);
    if (p === 'any') { types.push(args[i].type); continue; }
    const target = p === 'same' ? (same as ColumnType) : p === ANY_DECIMAL ? (asDecimal(args[i].type) ?? p) : p;
    const c = implicitCastCost(args[i].type, target, args[i].constant);
    if (c === undefined) {
      if (p !== 'same') return undefined;
      const back = implicitCastCost(target, args[i].type, true);
      if (back === undefined) return undefined;
    }
    cost += c ?? 3;
    types.push(target);
  }
  return { cost, types };
}
