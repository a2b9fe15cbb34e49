/** Bind parameters on /exec and /exp: values from the URL (`$1=…`, `p_name=…`) and from a JSON body's `params`. */
import { DataTable, When } from '@cucumber/cucumber';
import { SvcWorld } from '../support/world';

/** The table's rows are URL parameters as a client writes them: `| $1 | 42 |`, `| p_lo | 2024-01-01 |`. */
function withValues(path: string, sql: string, table: DataTable): string {
  const params = new URLSearchParams({ query: sql });
  for (const [name, value] of table.raw()) params.append(name, value);
  return `${path}?${params.toString()}`;
}

When('I query {string} with the bind values:', async function (this: SvcWorld, sql: string, table: DataTable) {
  await this.request('API', withValues('/exec', sql, table));
});

When('I export {string} with the bind values:', async function (this: SvcWorld, sql: string, table: DataTable) {
  await this.request('API', withValues('/exp', sql, table));
});

/**
 * Writes out a run of parameters the query abbreviates with an ellipsis: `$1, …, $3` is `$1, $2, $3`,
 * `($1), …, ($3)` is `($1), ($2), ($3)` and `:p1, …, :p3` is `:p1, :p2, :p3`; count 0 without such a run.
 */
function expandParameters(sql: string): { sql: string; count: number } {
  for (const [run, open, close] of [[/\((\$|:p)1\), …, \((?:\$|:p)(\d+)\)/, '(', ')'], [/(\$|:p)1, …, (?:\$|:p)(\d+)/, '', '']] as const) {
    const m = run.exec(sql);
    if (!m) continue;
    const count = Number(m[2]);
    const list = Array.from({ length: count }, (_, i) => `${open}${m[1]}${i + 1}${close}`).join(', ');
    return { sql: sql.slice(0, m.index) + list + sql.slice(m.index + m[0].length), count };
  }
  return { sql, count: 0 };
}

async function postNumbered(world: SvcWorld, template: string, last: number, override?: readonly [string, string]): Promise<void> {
  const { sql, count } = expandParameters(template);
  if (count !== 0 && count !== last) throw new Error(`the query has ${count} parameters, the step gives ${last} values`);
  const named = sql.includes(':p1');
  const params: Record<string, string | number> = {};
  for (let i = 1; i <= last; i++) params[named ? `p${i}` : `$${i}`] = i;
  if (override) params[override[0]] = override[1];
  await world.request('API', '/exec', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query: sql, params }),
  });
}

When('I POST {string} with the values 1 … {int} in a JSON body', async function (this: SvcWorld, sql: string, last: number) {
  await postNumbered(this, sql, last);
});

When('I POST {string} with the values 1 … {int} in a JSON body, but {string} is {string}',
  async function (this: SvcWorld, sql: string, last: number, name: string, value: string) {
    await postNumbered(this, sql, last, [name, value]);
  });
