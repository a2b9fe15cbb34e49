/**
 * PostgreSQL's `COPY … FROM STDIN` and `COPY … TO STDOUT`, read by the connection itself (the SQL
 * grammar keeps QuestDB's server-side `COPY t FROM 'file'`): the table and column list (or, for TO, a
 * parenthesised query), and the options in both of PostgreSQL's spellings — `WITH (FORMAT csv, HEADER,
 * DELIMITER ';', NULL 'x', QUOTE '"', ESCAPE '\')` and the older `WITH CSV HEADER DELIMITER AS ';'`.
 * Option values are checked as PostgreSQL checks them (22023, 42601).
 */
import { SvcError } from '../../core/errors';
import { protocolError } from './pg-protocol-error';
import { SQLSTATE } from './sql-state';

export interface CopyOptions {
  readonly format: 'text' | 'csv';
  /** One byte. */
  readonly delimiter: number;
  readonly nullText: string;
  readonly header: boolean;
  /** CSV only. */
  readonly quote: number;
  readonly escape: number;
}

export type CopyStatement =
  | { readonly direction: 'from'; readonly table: string; readonly columns?: readonly string[]; readonly options: CopyOptions }
  | { readonly direction: 'to'; readonly table?: string; readonly columns?: readonly string[]; readonly query?: string; readonly options: CopyOptions };

interface Token { readonly kind: 'word' | 'ident' | 'string' | 'punct'; readonly text: string; readonly at: number }

const TOKEN = /\s+|--[^\n]*|\/\*[\s\S]*?\*\/|(?<ident>"(?:[^"]|"")*")|(?<string>[eE]'(?:[^'\\]|''|\\.)*'|'(?:[^']|'')*')|(?<word>[A-Za-z_][\w$]*(?:\.(?:[A-Za-z_][\w$]*|"(?:[^"]|"")*"))*)|(?<punct>[(),;=.*]|[^\s])/gy;

function tokenize(sql: string): Token[] {
  const out: Token[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(sql); m && m[0] !== ''; m = TOKEN.exec(sql)) {
    const g = m.groups ?? {};
    if (g.ident !== undefined) out.push({ kind: 'ident', text: g.ident.slice(1, -1).replace(/""/g, '"'), at: m.index });
    else if (g.string !== undefined) out.push({ kind: 'string', text: stringValue(g.string), at: m.index });
    else if (g.word !== undefined) out.push({ kind: 'word', text: g.word, at: m.index });
    else if (g.punct !== undefined) out.push({ kind: 'punct', text: g.punct, at: m.index });
  }
  return out;
}

function stringValue(literal: string): string {
  if (literal[0] === 'e' || literal[0] === 'E') {
    return literal.slice(2, -1).replace(/''/g, "'").replace(/\\(.)/g, (_m, c: string) => ({ t: '\t', n: '\n', r: '\r', b: '\b', f: '\f' } as Record<string, string>)[c] ?? c);
  }
  return literal.slice(1, -1).replace(/''/g, "'");
}

/** The COPY statement `sql` is when it reads STDIN or writes STDOUT; undefined for anything else. */
export function parseCopy(sql: string): CopyStatement | undefined {
  const t = tokenize(sql);
  if (t.length === 0 || t[0].kind !== 'word' || t[0].text.toLowerCase() !== 'copy') return undefined;
  const words = t.map((x) => (x.kind === 'word' ? x.text.toLowerCase() : ''));
  const from = words.indexOf('from'), to = words.indexOf('to');
  const stdin = from > 0 && words[from + 1] === 'stdin';
  const stdout = to > 0 && words[to + 1] === 'stdout';
  if (!stdin && !stdout) return undefined;
  let k = 1;
  let table: string | undefined, query: string | undefined;
  if (t[k]?.text === '(' && t[k].kind === 'punct') {
    const end = closing(t, k);
    query = sql.slice(t[k].at + 1, t[end].at).trim();
    k = end + 1;
  } else {
    table = name(t[k]);
    k++;
    // `"schema"."table"`: the last name is the table's.
    while (t[k]?.kind === 'punct' && t[k].text === '.' && (t[k + 1]?.kind === 'ident' || t[k + 1]?.kind === 'word')) { table = name(t[k + 1]); k += 2; }
  }
  let columns: string[] | undefined;
  if (table !== undefined && t[k]?.kind === 'punct' && t[k].text === '(') {
    const end = closing(t, k);
    columns = [];
    for (let j = k + 1; j < end; j++) if (!(t[j].kind === 'punct' && t[j].text === ',')) columns.push(name(t[j]));
    k = end + 1;
  }
  const keyword = words[k];
  if ((keyword !== 'from' || !stdin) && (keyword !== 'to' || !stdout)) throw syntax(t[k]?.at ?? sql.length, t[k]?.text);
  const options = parseOptions(t, k + 2, sql.length);
  if (keyword === 'from') return { direction: 'from', table: table as string, columns, options };
  return { direction: 'to', table, columns, query, options };
}

function closing(t: readonly Token[], open: number): number {
  let depth = 0;
  for (let j = open; j < t.length; j++) {
    if (t[j].kind !== 'punct') continue;
    if (t[j].text === '(') depth++;
    else if (t[j].text === ')' && --depth === 0) return j;
  }
  throw SvcError.sql(t[open].at, "')' expected");
}

/** An identifier, its schema dropped (`public.t`, `"qdb"."T"`); bare names keep their case (names are case-insensitive). */
function name(tok: Token | undefined): string {
  if (!tok || (tok.kind !== 'word' && tok.kind !== 'ident')) throw SvcError.sql(tok?.at ?? 0, 'table name expected');
  if (tok.kind === 'ident') return tok.text;
  const last = /(?:^|\.)([A-Za-z_][\w$]*|"(?:[^"]|"")*")$/.exec(tok.text)?.[1] ?? tok.text;
  return last.startsWith('"') ? last.slice(1, -1).replace(/""/g, '"') : last;
}

function syntax(at: number, near: string | undefined): SvcError {
  return SvcError.sql(at, near === undefined ? 'unexpected end of COPY statement' : `syntax error at or near "${near}"`);
}

interface Draft { format?: string; delimiter?: string; nullText?: string; header?: boolean; quote?: string; escape?: string }

function parseOptions(t: readonly Token[], k: number, end: number): CopyOptions {
  const d: Draft = {};
  let j = k;
  if (t[j]?.kind === 'word' && t[j].text.toLowerCase() === 'with') j++;
  if (t[j]?.kind === 'punct' && t[j].text === '(') {
    const close = closing(t, j);
    let i = j + 1;
    while (i < close) {
      const opt = t[i];
      const value = t[i + 1] && !(t[i + 1].kind === 'punct' && (t[i + 1].text === ',' || i + 1 === close)) ? t[i + 1] : undefined;
      setOption(d, opt, value);
      i += value ? 2 : 1;
      if (t[i]?.kind === 'punct' && t[i].text === ',') i++;
    }
    j = close + 1;
  } else {
    // PostgreSQL's older syntax: BINARY, DELIMITER [AS] 'x', NULL [AS] 'x', CSV, HEADER, QUOTE [AS] 'x', ESCAPE [AS] 'x'.
    while (j < t.length && !(t[j].kind === 'punct' && t[j].text === ';')) {
      const w = t[j].text.toLowerCase();
      if (w === 'binary' || w === 'csv') { setOption(d, { ...t[j], text: 'format' }, t[j]); j++; continue; }
      if (w === 'header') { d.header = true; j++; continue; }
      let v = j + 1;
      if (t[v]?.kind === 'word' && t[v].text.toLowerCase() === 'as') v++;
      setOption(d, t[j], t[v]);
      j = v + 1;
    }
  }
  if (j < t.length && !(t[j].kind === 'punct' && t[j].text === ';')) throw syntax(t[j].at, t[j].text);
  return finish(d, end);
}

function setOption(d: Draft, opt: Token, value: Token | undefined): void {
  const key = opt.text.toLowerCase();
  const text = value?.text;
  switch (key) {
    case 'format': d.format = text?.toLowerCase(); return;
    case 'delimiter': d.delimiter = text; return;
    case 'null': d.nullText = text; return;
    case 'header': {
      const v = (text ?? 'true').toLowerCase();
      if (!['true', 'false', 'on', 'off', '1', '0', 'match'].includes(v)) throw invalid(`header requires a Boolean value or "match"`);
      d.header = !['false', 'off', '0'].includes(v);
      return;
    }
    case 'quote': d.quote = text; return;
    case 'escape': d.escape = text; return;
    case 'encoding':
      if (!/^utf-?8$/i.test(text ?? '')) throw protocolError(`COPY encoding ${text ?? ''} is not supported: svc speaks UTF8`, SQLSTATE.FEATURE_NOT_SUPPORTED);
      return;
    case 'freeze': return;
    default: throw protocolError(`COPY option "${opt.text}" is not supported`, SQLSTATE.FEATURE_NOT_SUPPORTED);
  }
}

function oneByte(v: string, what: string): number {
  if (v.length !== 1 || v.charCodeAt(0) > 0x7f) throw invalid(`COPY ${what} must be a single one-byte character`);
  return v.charCodeAt(0);
}

function finish(d: Draft, _end: number): CopyOptions {
  if (d.format === 'binary') throw protocolError('COPY BINARY is not supported; use FORMAT text or csv', SQLSTATE.FEATURE_NOT_SUPPORTED);
  if (d.format !== undefined && d.format !== 'text' && d.format !== 'csv') throw invalid(`COPY format "${d.format}" not recognized`);
  const csv = d.format === 'csv';
  const delimiter = oneByte(d.delimiter ?? (csv ? ',' : '\t'), 'delimiter');
  if (delimiter === 10 || delimiter === 13) throw invalid('COPY delimiter cannot be newline or carriage return');
  if (!csv && (d.quote !== undefined || d.escape !== undefined)) throw protocolError('COPY quote and escape are available only in CSV mode', SQLSTATE.FEATURE_NOT_SUPPORTED);
  const quote = oneByte(d.quote ?? '"', 'quote');
  const escape = oneByte(d.escape ?? String.fromCharCode(quote), 'escape');
  if (csv && delimiter === quote) throw invalid('COPY delimiter and quote must be different');
  const nullText = d.nullText ?? (csv ? '' : '\\N');
  if (nullText.includes('\n') || nullText.includes('\r')) throw invalid('COPY null representation cannot use newline or carriage return');
  if (nullText.includes(String.fromCharCode(delimiter))) throw invalid('COPY delimiter must not appear in the NULL specification');
  return { format: csv ? 'csv' : 'text', delimiter, nullText, header: d.header ?? false, quote, escape };
}

function invalid(message: string): SvcError {
  return protocolError(message, SQLSTATE.INVALID_PARAMETER_VALUE);
}
