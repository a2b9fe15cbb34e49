/**
 * Collects the aggregate calls of a SELECT (projection and ORDER BY) into GroupBy slots. The GroupBy
 * output layout is `[aggregates…, keys…]`, so aggregate k is column k of the grouped layout.
 */
import { SvcError } from '../errors';
import { BoundColumn, BoundExpr } from './bound-expression';
import { FunctionRegistry } from './function-registry';
import { AggregateCollector } from './expression-binder';
import { BoundAggregate } from './operators/group-by';
import { SqlValue } from './vector/sql-value';

export class SelectAggregates implements AggregateCollector {
  readonly list: BoundAggregate[] = [];
  private readonly keys = new Map<string, number>();

  constructor(private readonly registry: FunctionRegistry) {}

  collect(name: string, args: readonly BoundExpr[], position: number, constants: readonly unknown[]): BoundColumn {
    const r = this.registry.resolveAggregate(name, args.map((a) => ({ type: a.type, constant: a.kind === 'constant' })), position);
    for (const i of r.fn.constantArgs ?? []) {
      if (args[i] && args[i].kind !== 'constant') throw SvcError.sql(position, `constant expected as argument ${i + 1} of ${name}()`);
    }
    const cast = args.map((a, i): BoundExpr => (a.type.tag === r.params[i].tag ? a : { kind: 'cast', expr: a, type: r.params[i], position }));
    const key = `${name}(${cast.map(exprKey).join(',')})`;
    let index = this.keys.get(key);
    if (index === undefined) {
      index = this.list.length;
      this.list.push({ fn: r.fn, args: cast, type: r.returns, constants });
      this.keys.set(key, index);
    }
    return { kind: 'column', index, type: r.returns, name: `\u0000agg${index}`, position };
  }
}

/** A structural key of an expression: equal keys compute the same values. */
export function exprKey(e: BoundExpr): string {
  switch (e.kind) {
    case 'column': return e.name.startsWith('\u0000agg') ? e.name : `c${e.index}`;
    case 'constant': return `k${e.type.tag}:${constantKey(e.value)}`;
    case 'call': return `${e.fn.name}#${e.type.tag}(${e.args.map(exprKey).join(',')})`;
    case 'cast': return `cast${e.type.tag}(${exprKey(e.expr)})`;
    case 'case': return `case(${e.whens.map((w) => `${exprKey(w.when)}?${exprKey(w.then)}`).join(';')}:${e.otherwise ? exprKey(e.otherwise) : ''})`;
    default: return `${e.kind}@${e.position}`;
  }
}

/** A constant's value in a key: NULL, the text 'null', -0 and 0, and texts holding key syntax stay apart. */
function constantKey(v: SqlValue): string {
  if (v === null || v === undefined) return 'N';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
  if (typeof v === 'bigint') return `${v}n`;
  if (v instanceof Uint8Array) return `b[${v.join(' ')}]`;
  return String(v);
}

export function isAggregateRef(e: BoundExpr): boolean {
  return e.kind === 'column' && e.name.startsWith('\u0000agg');
}
