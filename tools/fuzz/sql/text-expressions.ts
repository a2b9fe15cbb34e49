/**
 * Text expressions: concat / ||, upper, lower, trim, ltrim, rtrim, replace, and on BMP-only columns
 * substring, left, right, lpad, rpad (QuestDB's STRING counts UTF-16 units, DuckDB code points: the same
 * numbers inside the BMP); casts of integers to STRING/VARCHAR; CASE and coalesce. A function keeps VARCHAR
 * for VARCHAR input and gives STRING otherwise (a SYMBOL is read as a STRING); concat is always STRING.
 */
import { FuzzTypeName, isInteger } from './fuzz-types';
import { column, Expr, node, raw } from './expr';
import type { ExpressionGenerator } from './expression-generator';
import { quote } from './literals';
import { predicateExpression } from './predicate-expressions';

const resultOf = (t: FuzzTypeName): FuzzTypeName => (t === 'VARCHAR' ? 'VARCHAR' : 'STRING');

function unary(name: string, a: Expr, duckName: string = name): Expr {
  return node({ type: resultOf(a.type), q: ([x]) => `${name}(${x})`, d: ([x]) => `${duckName}(${x})` }, [a]);
}

function int(n: number): Expr {
  return raw('INT', String(n));
}

function text(s: string): Expr {
  return raw('STRING', quote(s));
}

/** A text expression over a BMP-only column (for the positional functions). */
function positional(g: ExpressionGenerator): Expr | undefined {
  const r = g.rnd;
  const c = g.columnOf('text', (col) => col.bmpOnly);
  if (!c) return undefined;
  const a = column(c.name, c.type, c.qualifier);
  const type = resultOf(a.type);
  switch (r.pick(['substring', 'left', 'right', 'lpad', 'rpad'])) {
    case 'substring': return node({ type, q: ([x, s, n]) => `substring(${x}, ${s}, ${n})`, d: ([x, s, n]) => `substring(${x}, ${s}, ${n})` }, [a, int(r.int(1, 4)), int(r.int(0, 5))]);
    case 'left': return node({ type, q: ([x, n]) => `left(${x}, ${n})`, d: ([x, n]) => `left(${x}, ${n})` }, [a, int(r.int(0, 5))]);
    case 'right': return node({ type, q: ([x, n]) => `right(${x}, ${n})`, d: ([x, n]) => `right(${x}, ${n})` }, [a, int(r.int(0, 5))]);
    case 'lpad': return node({ type, q: ([x, n, f]) => `lpad(${x}, ${n}, ${f})`, d: ([x, n, f]) => `lpad(${x}, ${n}, ${f})` }, [a, int(r.int(0, 8)), text(r.pick(['-', '*', 'ab']))]);
    default: return node({ type, q: ([x, n, f]) => `rpad(${x}, ${n}, ${f})`, d: ([x, n, f]) => `rpad(${x}, ${n}, ${f})` }, [a, int(r.int(0, 8)), text(r.pick(['-', '*', 'ab']))]);
  }
}

export function textExpression(g: ExpressionGenerator, depth: number): Expr {
  const r = g.rnd;
  const sub = (): Expr => g.of('text', depth - 1);
  switch (r.weighted<string>([['concat', 3], ['case', 3], ['trim', 1], ['replace', 1], ['positional', 3], ['cast', 2], ['coalesce', 2]])) {
    case 'concat': {
      const [a, b] = [sub(), r.chance(0.5) ? g.constant('STRING') : sub()];
      // QuestDB's concat skips a NULL argument and returns STRING; so does DuckDB's concat().
      if (r.chance(0.5)) return node({ type: 'STRING', q: ([x, y]) => `(${x} || ${y})`, d: ([x, y]) => `concat(${x}, ${y})` }, [a, b]);
      return node({ type: 'STRING', q: ([x, y]) => `concat(${x}, ${y})`, d: ([x, y]) => `concat(${x}, ${y})` }, [a, b]);
    }
    case 'trim': {
      const name = r.pick(['trim', 'ltrim', 'rtrim']);
      // QuestDB trims spaces only (not tabs or newlines), as DuckDB's trim does.
      return unary(name, sub());
    }
    case 'replace': {
      const a = sub();
      const from = text(r.pick(['a', 'b', ' ', 'Ж', '😀', 'ab']));
      const to = text(r.pick(['', 'x', 'yy', 'é']));
      return node({ type: resultOf(a.type), q: ([x, f, t]) => `replace(${x}, ${f}, ${t})`, d: ([x, f, t]) => `replace(${x}, ${f}, ${t})` }, [a, from, to]);
    }
    case 'positional': return positional(g) ?? unary(r.pick(['upper', 'lower']), sub());
    case 'cast': {
      const a = g.of('integer', depth - 1);
      if (!isInteger(a.type)) return sub();
      const to = r.pick<FuzzTypeName>(['STRING', 'VARCHAR']);
      return node({ type: to, q: ([x]) => `cast(${x} as ${to.toLowerCase()})`, d: ([x]) => `(${x})::VARCHAR` }, [a]);
    }
    case 'coalesce': {
      const a = sub();
      const b = g.constant(a.type === 'SYMBOL' ? 'STRING' : a.type);
      const type = a.type === 'SYMBOL' ? 'STRING' : a.type;
      return node({ type, q: ([x, y]) => `coalesce(${x}, ${y})`, d: ([x, y]) => `coalesce(${x}, ${y})` }, [a, b]);
    }
    default: {
      const a = sub();
      const type = a.type === 'SYMBOL' ? 'STRING' : a.type;
      const b = g.constant(type);
      const p = predicateExpression(g, depth - 1);
      return node({ type, q: ([c, x, y]) => `CASE WHEN ${c} THEN ${x} ELSE ${y} END`, d: ([c, x, y]) => `CASE WHEN ${c} THEN ${x} ELSE ${y} END` }, [p, a, b]);
    }
  }
}
