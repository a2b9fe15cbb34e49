/**
 * Java-properties syntax, as server.conf and log.conf use it: `#`/`!` comments, `=`, `:` or
 * whitespace between key and value, backslash escapes (`\t \n \r \f \uXXXX`, any other char taken
 * literally) and continuation lines (an odd number of trailing backslashes joins the next line, whose
 * leading whitespace is dropped). Later keys win.
 */
export interface PropertyEntry {
  readonly key: string;
  readonly value: string;
  /** 1-based line where the entry starts, for error messages. */
  readonly line: number;
}

export function parseProperties(text: string): PropertyEntry[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const entries: PropertyEntry[] = [];
  for (let i = 0; i < lines.length; i++) {
    const startLine = i + 1;
    let logical = stripLeading(lines[i]);
    if (logical === '' || logical[0] === '#' || logical[0] === '!') continue;
    while (endsWithContinuation(logical) && i + 1 < lines.length) {
      logical = logical.slice(0, -1) + stripLeading(lines[++i]);
    }
    if (endsWithContinuation(logical)) logical = logical.slice(0, -1);
    const { key, value } = splitKeyValue(logical);
    entries.push({ key: unescape(key), value: unescape(value), line: startLine });
  }
  return entries;
}

/** Entries as a map (later keys win). */
export function propertiesToMap(entries: readonly PropertyEntry[]): Map<string, PropertyEntry> {
  const map = new Map<string, PropertyEntry>();
  for (const e of entries) map.set(e.key, e);
  return map;
}

function stripLeading(s: string): string {
  let i = 0;
  while (i < s.length && (s[i] === ' ' || s[i] === '\t' || s[i] === '\f')) i++;
  return s.slice(i);
}

function endsWithContinuation(s: string): boolean {
  let n = 0;
  for (let i = s.length - 1; i >= 0 && s[i] === '\\'; i--) n++;
  return n % 2 === 1;
}

function splitKeyValue(s: string): { key: string; value: string } {
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === '\\') { i += 2; continue; }
    if (c === '=' || c === ':' || c === ' ' || c === '\t' || c === '\f') break;
    i++;
  }
  const key = s.slice(0, Math.min(i, s.length));
  let j = i;
  while (j < s.length && (s[j] === ' ' || s[j] === '\t' || s[j] === '\f')) j++;
  if (j < s.length && (s[j] === '=' || s[j] === ':')) j++;
  while (j < s.length && (s[j] === ' ' || s[j] === '\t' || s[j] === '\f')) j++;
  return { key, value: s.slice(j) };
}

function unescape(s: string): string {
  if (!s.includes('\\')) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c !== '\\' || i + 1 >= s.length) { out += c; continue; }
    const n = s[++i];
    switch (n) {
      case 't': out += '\t'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 'f': out += '\f'; break;
      case 'u': {
        const hex = s.slice(i + 1, i + 5);
        if (/^[0-9a-fA-F]{4}$/.test(hex)) { out += String.fromCharCode(parseInt(hex, 16)); i += 4; }
        else out += 'u';
        break;
      }
      default: out += n;
    }
  }
  return out;
}
