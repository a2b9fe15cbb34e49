/**
 * A number-valued expression as generated source for the workers' aggregate kernels (`sum(CASE WHEN x > 50 THEN
 * 1 ELSE 0 END)`, `avg(a - b)`, `max(a * 2)`), over the same `c<k>[i]` columns and `a<k>` arguments as the
 * filter (filter-compiler.ts), so a WHERE and the aggregates' inputs share one argument list. A value is a double
 * and NULL is NaN, which DOUBLE arithmetic carries as the vector kernels do. Only what computes the same as the
 * vector kernels qualifies: DOUBLE and FLOAT columns, number constants, widening casts, DOUBLE `+ - * /` and
 * negation, and CASE whose conditions compile as predicates; a CASE of an integer type only when every branch is
 * a constant integer, whose largest magnitude bounds the sums (`maxAbs`, checked against the rows scanned, so
 * a LONG sum stays exact in doubles).
 */
import { TypeTag } from '../data/column-type';
import { BoundExpr } from './bound-expression';
import { FilterCompiler } from './filter-compiler';

export interface ValueSource {
  readonly code: string;
  /** The largest |value| when every leaf is a constant; Infinity otherwise. */
  readonly maxAbs: number;
}

const DOUBLE_OPS = new Set(['+', '-', '*', '/']);
const INTEGER_TAGS = new Set([TypeTag.BYTE, TypeTag.SHORT, TypeTag.INT, TypeTag.LONG]);
const NUMBER_TAGS = new Set([...INTEGER_TAGS, TypeTag.FLOAT, TypeTag.DOUBLE]);

export function valueSource(c: FilterCompiler, e: BoundExpr): ValueSource | undefined {
  switch (e.kind) {
    case 'constant': {
      if (e.value === null) return { code: 'NaN', maxAbs: 0 };
      if (typeof e.value !== 'number' || !NUMBER_TAGS.has(e.type.tag) || !Number.isFinite(e.value)) return undefined;
      return { code: c.arg(e.value), maxAbs: Math.abs(e.value) };
    }
    case 'column':
      return e.type.tag === TypeTag.DOUBLE || e.type.tag === TypeTag.FLOAT ? { code: c.column(e.index), maxAbs: Infinity } : undefined;
    case 'cast': {
      const inner = valueSource(c, e.expr);
      if (!inner || !NUMBER_TAGS.has(e.type.tag) || !NUMBER_TAGS.has(e.expr.type.tag)) return undefined;
      // To DOUBLE any number is exact here; to an integer type only integer constants are.
      if (e.type.tag === TypeTag.DOUBLE) return inner;
      return INTEGER_TAGS.has(e.type.tag) && INTEGER_TAGS.has(e.expr.type.tag) && Number.isFinite(inner.maxAbs) ? inner : undefined;
    }
    case 'call': {
      if (e.type.tag !== TypeTag.DOUBLE || e.fn.volatile) return undefined;
      if (e.fn.name === 'neg' && e.args.length === 1) {
        const x = valueSource(c, e.args[0]);
        return x && e.args[0].type.tag === TypeTag.DOUBLE ? { code: `(-${x.code})`, maxAbs: Infinity } : undefined;
      }
      if (!DOUBLE_OPS.has(e.fn.name) || e.args.length !== 2 || e.args.some((a) => a.type.tag !== TypeTag.DOUBLE)) return undefined;
      const x = valueSource(c, e.args[0]), y = valueSource(c, e.args[1]);
      return x && y ? { code: `(${x.code} ${e.fn.name} ${y.code})`, maxAbs: Infinity } : undefined;
    }
    case 'case': return caseSource(c, e);
    default: return undefined;
  }
}

function caseSource(c: FilterCompiler, e: Extract<BoundExpr, { kind: 'case' }>): ValueSource | undefined {
  const integer = INTEGER_TAGS.has(e.type.tag);
  if (!integer && e.type.tag !== TypeTag.DOUBLE) return undefined;
  const branch = (x: BoundExpr | undefined): ValueSource | undefined => {
    if (!x) return { code: 'NaN', maxAbs: 0 };
    const v = valueSource(c, x);
    // An integer CASE takes constant integers only (a cast of a fraction would truncate).
    if (!v || (integer && (!Number.isFinite(v.maxAbs) || (x.kind === 'constant' && typeof x.value === 'number' && !Number.isInteger(x.value))))) return undefined;
    return v;
  };
  let code = '';
  let maxAbs = 0;
  for (const w of e.whens) {
    const when = c.predicate(w.when), then = branch(w.then);
    if (!when || !then) return undefined;
    code += `${when} ? ${then.code} : `;
    maxAbs = Math.max(maxAbs, then.maxAbs);
  }
  const otherwise = branch(e.otherwise);
  if (!otherwise) return undefined;
  return { code: `(${code}${otherwise.code})`, maxAbs: Math.max(maxAbs, otherwise.maxAbs) };
}
