/**
 * Splits a simple Query message into its statements at top-level `;`, skipping quoted text ('…', "…",
 * E'…' with backslash escapes, $tag$…$tag$), `--` and block comments. Each statement keeps its offset
 * in the message so error positions point into the text the client sent. Statements that hold only
 * whitespace and comments are dropped.
 */
export interface StatementText {
  readonly sql: string;
  readonly offset: number;
}

export function splitStatements(text: string): StatementText[] {
  const out: StatementText[] = [];
  let start = 0;
  let meaningful = false;
  const n = text.length;
  const push = (end: number): void => {
    if (meaningful) out.push(trimmed(text, start, end));
    start = end + 1;
    meaningful = false;
  };
  for (let i = 0; i < n; i++) {
    const c = text[i];
    if (c === ';') { push(i); continue; }
    if (c === '-' && text[i + 1] === '-') { const e = text.indexOf('\n', i); i = e < 0 ? n : e; continue; }
    if (c === '/' && text[i + 1] === '*') { const e = text.indexOf('*/', i + 2); i = e < 0 ? n : e + 1; continue; }
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') continue;
    meaningful = true;
    if (c === "'") i = quoteEnd(text, i, (c === "'" && (text[i - 1] === 'e' || text[i - 1] === 'E')) && !isWordChar(text[i - 2]));
    else if (c === '"') { const e = text.indexOf('"', i + 1); i = e < 0 ? n : e; }
    else if (c === '$') i = dollarQuoteEnd(text, i);
  }
  push(n);
  return out;
}

function trimmed(text: string, start: number, end: number): StatementText {
  let s = start, e = end;
  while (s < e && /\s/.test(text[s])) s++;
  while (e > s && /\s/.test(text[e - 1])) e--;
  return { sql: text.slice(s, e), offset: s };
}

function isWordChar(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z0-9_]/.test(c);
}

/** Index of the closing quote of the string opening at `i` (`''` is an escaped quote). */
function quoteEnd(text: string, i: number, backslashes: boolean): number {
  for (let k = i + 1; k < text.length; k++) {
    if (backslashes && text[k] === '\\') { k++; continue; }
    if (text[k] === "'") {
      if (text[k + 1] === "'") { k++; continue; }
      return k;
    }
  }
  return text.length;
}

/** `$tag$ … $tag$` (PostgreSQL dollar quoting); `$1` and a lone `$` are not quotes. */
function dollarQuoteEnd(text: string, i: number): number {
  const m = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i, i + 64));
  if (!m) return i;
  const tag = m[0];
  const e = text.indexOf(tag, i + tag.length);
  return e < 0 ? text.length : e + tag.length - 1;
}
