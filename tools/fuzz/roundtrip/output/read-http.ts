/**
 * Reading the table back over HTTP: /exec's JSON dataset, and /exp as CSV (a NULL is an empty field, an
 * empty string a quoted one) and as NDJSON, each parsed with every digit kept.
 */
import { http, OutputReader, RtContext, selectAll } from '../rt-context';
import { RtTable } from '../rt-table';
import { JsonValue, parseLossless } from './lossless-json';
import { fromJson, fromText } from './text-canon';

async function get(ctx: RtContext, path: string): Promise<string> {
  const res = await http(ctx, path);
  const text = res.body.toString('utf8');
  if (res.status !== 200) throw new Error(`${path.slice(0, 60)}: ${res.status} ${text.slice(0, 300)}`);
  return text;
}

/** Rows of id, ts, then the table's columns: the table's cells, by column, canonical. */
function canonRows(t: RtTable, rows: readonly (readonly JsonValue[])[]): (string | null)[][] {
  return rows.map((r) => t.columns.map((c, ci) => fromJson(c, r[ci + 2] ?? null)));
}

export const execJson: OutputReader = {
  name: 'exec-json',
  async read(ctx, t) {
    const json = parseLossless(await get(ctx, `/exec?query=${encodeURIComponent(selectAll(t))}`));
    const dataset = json !== null && typeof json === 'object' && !Array.isArray(json) && 'dataset' in json ? json.dataset : undefined;
    if (!Array.isArray(dataset)) throw new Error('/exec answered no dataset');
    return canonRows(t, dataset.map((r) => (Array.isArray(r) ? r : [])));
  },
};

export const expNdjson: OutputReader = {
  name: 'exp-ndjson',
  async read(ctx, t) {
    const text = await get(ctx, `/exp?fmt=ndjson&query=${encodeURIComponent(selectAll(t))}`);
    const rows = text.split('\n').filter((l) => l.length > 0).map((l) => {
      const o = parseLossless(l);
      return o !== null && typeof o === 'object' && !Array.isArray(o) ? Object.values(o) : [];
    });
    return canonRows(t, rows);
  },
};

const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\', n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };

/**
 * RFC 4180 fields as QuestDB writes them: a quoted empty field is '' (the empty string), an unquoted one
 * null; inside quotes `""` is a quote and, as QuestDB escapes text for CSV, `\\` a backslash and `\n`, `\t`,
 * `\u00XX` … the control characters.
 */
export function parseCsv(text: string): (string | null)[][] {
  const rows: (string | null)[][] = [];
  let row: (string | null)[] = [];
  let i = 0;
  while (i < text.length) {
    let value: string | null;
    if (text[i] === '"') {
      let s = '';
      i++;
      for (;;) {
        if (text[i] === '"' && text[i + 1] === '"') { s += '"'; i += 2; continue; }
        if (text[i] === '"') { i++; break; }
        if (text[i] === '\\' && text[i + 1] === 'u') { s += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16)); i += 6; continue; }
        if (text[i] === '\\' && ESCAPES[text[i + 1]] !== undefined) { s += ESCAPES[text[i + 1]]; i += 2; continue; }
        s += text[i++];
      }
      value = s;
    } else {
      let j = i;
      while (j < text.length && text[j] !== ',' && text[j] !== '\n' && text[j] !== '\r') j++;
      value = j > i ? text.slice(i, j) : null;
      i = j;
    }
    row.push(value);
    if (text[i] === ',') { i++; continue; }
    if (text[i] === '\r') i++;
    if (text[i] === '\n' || i >= text.length) { rows.push(row); row = []; i++; }
  }
  return rows;
}

export const expCsv: OutputReader = {
  name: 'exp-csv',
  async read(ctx, t) {
    const rows = parseCsv(await get(ctx, `/exp?query=${encodeURIComponent(selectAll(t))}`)).slice(1);
    return rows.map((r) => t.columns.map((c, ci) => fromText(c, r[ci + 2] ?? null)));
  },
};
