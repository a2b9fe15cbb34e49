/**
 * A generated expression: its QuestDB type, its text in svc's dialect (`q`) and in DuckDB's with QuestDB's
 * semantics (`d`, through duck-macros.ts), and its parts, so the minimiser can put a part (or a column of
 * the same type) in its place and rebuild the rest.
 */
import { FuzzTypeName, Value } from './fuzz-types';
import { duckLiteral, svcLiteral } from './literals';

/**
 * How exactly a result column compares: exactly, within 1e-12 relative (a float function), as a float sum,
 * or not at all (`unstable`: a value that hangs on the last bits of an inexact part, such as `x % ln(y)`
 * with a large x, where one ulp of the divisor moves the remainder anywhere in its range).
 */
export type Exactness = 'exact' | 'ulp' | 'sum' | 'unstable';

export interface Expr {
  readonly type: FuzzTypeName;
  readonly q: string;
  readonly d: string;
  readonly kids: readonly Expr[];
  /** Builds the same node over other parts (same types); null for leaves. */
  readonly remake: ((kids: readonly Expr[]) => Expr) | null;
  /** Holds an aggregate call (so it belongs in a grouped select list, never in WHERE). */
  readonly aggregate: boolean;
  readonly exactness: Exactness;
  /** For a float sum or average: the DuckDB expression of the same aggregate over |x|, the scale of its error. */
  readonly scale?: string;
  /** A column reference's name (the minimiser and the table shrinker keep track of what a query reads). */
  readonly column?: string;
}

export function column(name: string, type: FuzzTypeName, qualifier?: string): Expr {
  const ref = qualifier ? `${qualifier}.${name}` : name;
  return { type, q: ref, d: ref, kids: [], remake: null, aggregate: false, exactness: 'exact', column: ref };
}

export function literal(type: FuzzTypeName, v: Value): Expr {
  return { type, q: svcLiteral(type, v), d: duckLiteral(type, v), kids: [], remake: null, aggregate: false, exactness: 'exact' };
}

/** A literal written the same way in both dialects (a plain number, an ISO string, a keyword). */
export function raw(type: FuzzTypeName, q: string, d: string = q): Expr {
  return { type, q, d, kids: [], remake: null, aggregate: false, exactness: 'exact' };
}

export interface NodeSpec {
  readonly type: FuzzTypeName;
  readonly q: (k: readonly string[]) => string;
  readonly d: (k: readonly string[]) => string;
  readonly aggregate?: boolean;
  readonly exactness?: Exactness;
  readonly scale?: (k: readonly string[]) => string;
}

/** An inner node; exactness is the loosest of its own and its parts'. */
export function node(spec: NodeSpec, kids: readonly Expr[]): Expr {
  const rank: Record<Exactness, number> = { exact: 0, ulp: 1, sum: 2, unstable: 3 };
  let exactness: Exactness = spec.exactness ?? 'exact';
  for (const k of kids) if (rank[k.exactness] > rank[exactness]) exactness = k.exactness;
  return {
    type: spec.type,
    q: spec.q(kids.map((k) => k.q)),
    d: spec.d(kids.map((k) => k.d)),
    kids,
    remake: (next) => node(spec, next),
    aggregate: spec.aggregate === true || kids.some((k) => k.aggregate),
    exactness,
    scale: spec.scale?.(kids.map((k) => k.d)),
  };
}

/** Every column reference below `e`. */
export function columnsOf(e: Expr, out: Set<string> = new Set()): Set<string> {
  if (e.column) out.add(e.column);
  for (const k of e.kids) columnsOf(k, out);
  return out;
}
