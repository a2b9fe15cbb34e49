/**
 * The value of a scalar sub-query in one execution: its first row's first column (NULL without rows),
 * or for PostgreSQL's `ARRAY(SELECT …)` every row's value as array text (`{a,b,"c d"}`), the form svc's
 * catalog relations give array columns.
 */
import { BoundScalarQuery } from './bound-expression';
import { ExecContext } from './plan';
import { readValue, SqlValue } from './vector/sql-value';
import { formatValue } from './vector/format-value';

export async function subqueryValue(q: BoundScalarQuery, context: ExecContext): Promise<SqlValue> {
  if (!q.array) {
    for await (const b of q.plan.execute(context)) if (b.rowCount > 0) return readValue(b.vectors[0], 0);
    return null;
  }
  const values: SqlValue[] = [];
  for await (const b of q.plan.execute(context)) for (let i = 0; i < b.rowCount; i++) values.push(readValue(b.vectors[0], i));
  return textArray(values);
}

/** PostgreSQL's array text: elements quoted when they hold `{},"\` or spaces, NULL unquoted. */
export function textArray(values: readonly SqlValue[]): string {
  const items = values.map((v) => {
    if (v === null) return 'NULL';
    const s = formatValue(v);
    return s === '' || /[{},"\\\s]/.test(s) || s.toUpperCase() === 'NULL' ? `"${s.replace(/(["\\])/g, '\\$1')}"` : s;
  });
  return `{${items.join(',')}}`;
}

/** The elements of an array text (`{a,"b c",NULL}`); NULL elements are null. */
export function parseTextArray(text: string): (string | null)[] {
  const body = text.trim().replace(/^\{/, '').replace(/\}$/, '');
  const out: (string | null)[] = [];
  let i = 0;
  while (i < body.length) {
    if (body[i] === '"') {
      let s = '';
      i++;
      while (i < body.length && body[i] !== '"') { if (body[i] === '\\') i++; s += body[i++] ?? ''; }
      out.push(s);
      i += 2;
      continue;
    }
    const end = body.indexOf(',', i);
    const item = body.slice(i, end < 0 ? body.length : end).trim();
    out.push(item.toUpperCase() === 'NULL' ? null : item);
    i = end < 0 ? body.length : end + 1;
  }
  return out;
}
