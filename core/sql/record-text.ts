/**
 * PostgreSQL's text form of a record (a composite value, `(1,"a b",)`): what a set-returning function
 * with several columns gives in a SELECT list (`_pg_expandarray(a)` is `(x, n)`), and what `(expr).field`
 * reads back. A NULL field is empty; a field that is empty or holds `"`, `\`, `(`, `)`, `,` or white
 * space is quoted, with `"` and `\` doubled inside the quotes.
 */
import { Types } from '../data/column-type';
import { VectorBuilder } from '../data/vector-builder';
import { ScalarFunction } from '../extension/sql-function';
import { formatValue } from './vector/format-value';
import { readValue, SqlValue } from './vector/sql-value';

export function recordText(values: readonly SqlValue[]): string {
  const fields = values.map((v) => {
    if (v === null) return '';
    const s = formatValue(v);
    return s === '' || /["\\(),\s]/.test(s) ? `"${s.replace(/(["\\])/g, '$1$1')}"` : s;
  });
  return `(${fields.join(',')})`;
}

/** The fields of a record text; null for a NULL (empty, unquoted) field. */
export function recordFields(text: string): (string | null)[] {
  const body = text.trim().replace(/^\(/, '').replace(/\)$/, '');
  const out: (string | null)[] = [];
  let i = 0;
  for (;;) {
    if (body[i] === '"') {
      let s = '';
      i++;
      while (i < body.length) {
        const c = body[i];
        if ((c === '"' || c === '\\') && body[i + 1] === c) { s += c; i += 2; continue; }
        if (c === '"') { i++; break; }
        s += c;
        i++;
      }
      out.push(s);
    } else {
      const end = body.indexOf(',', i);
      const raw = body.slice(i, end < 0 ? body.length : end);
      out.push(raw === '' ? null : raw);
      i = end < 0 ? body.length : end;
    }
    if (i >= body.length || body[i] !== ',') break;
    i++;
  }
  return out;
}

/** Field `index` (from 0) of record texts, as text: the kernel behind `(expr).field`. */
export function recordFieldFunction(index: number): ScalarFunction {
  return {
    kind: 'scalar', name: 'record_field', args: ['any'], returns: Types.STRING,
    kernel([records], n, type) {
      const b = new VectorBuilder(type, Math.max(1, n));
      for (let i = 0; i < n; i++) {
        const r = readValue(records, i);
        b.appendString(r === null ? null : recordFields(String(r))[index] ?? null);
      }
      return b.build();
    },
  };
}
