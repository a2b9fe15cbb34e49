/**
 * Statements about the PostgreSQL session rather than data, answered by the connection itself:
 * BEGIN/START TRANSACTION, COMMIT/END, ROLLBACK/ABORT, SAVEPOINT, RELEASE and ROLLBACK TO (the
 * transaction block, transaction-block.ts), SET/RESET of run-time settings, SHOW of a setting (SHOW
 * TABLES, COLUMNS, PARTITIONS, CREATE TABLE and PARAMETERS stay SQL), DISCARD and DEALLOCATE.
 */
export type TransactionAction = 'begin' | 'commit' | 'rollback' | 'savepoint' | 'release' | 'rollbackTo';

export type SessionCommand =
  | { readonly kind: 'transaction'; readonly action: TransactionAction; readonly tag: string; readonly savepoint?: string }
  | { readonly kind: 'set'; readonly name: string; readonly value: string }
  | { readonly kind: 'reset'; readonly name: string | undefined }
  | { readonly kind: 'show'; readonly name: string }
  | { readonly kind: 'discard' }
  | { readonly kind: 'deallocate'; readonly name: string | undefined }
  | { readonly kind: 'noop'; readonly tag: string };

/** SHOW forms the SQL engine answers. */
const SQL_SHOW = /^show\s+(tables|columns|partitions|create|parameters)\b/i;

/** Leading comments and whitespace removed, trailing `;` dropped. */
function normalized(sql: string): string {
  let s = sql;
  for (;;) {
    const t = s.replace(/^\s+/, '');
    if (t.startsWith('--')) { const e = t.indexOf('\n'); s = e < 0 ? '' : t.slice(e + 1); continue; }
    if (t.startsWith('/*')) { const e = t.indexOf('*/'); s = e < 0 ? '' : t.slice(e + 2); continue; }
    return t.replace(/[\s;]+$/, '');
  }
}

function unquote(v: string): string {
  const t = v.trim();
  if (t.length >= 2 && ((t[0] === "'" && t.endsWith("'")) || (t[0] === '"' && t.endsWith('"')))) return t.slice(1, -1).replace(/''/g, "'");
  return t;
}

/** The session command `sql` is, or undefined for SQL the engine runs. */
export function parseSessionCommand(sql: string): SessionCommand | undefined {
  const s = normalized(sql);
  const word = /^[A-Za-z_]+/.exec(s)?.[0].toLowerCase();
  switch (word) {
    case 'begin': return { kind: 'transaction', action: 'begin', tag: 'BEGIN' };
    case 'start': return /^start\s+transaction\b/i.test(s) ? { kind: 'transaction', action: 'begin', tag: 'START TRANSACTION' } : undefined;
    case 'commit': case 'end': return { kind: 'transaction', action: 'commit', tag: 'COMMIT' };
    case 'rollback': case 'abort': {
      const to = /^rollback\s+(?:work\s+|transaction\s+)?to\s+(?:savepoint\s+)?(.+)$/is.exec(s);
      return to ? { kind: 'transaction', action: 'rollbackTo', tag: 'ROLLBACK', savepoint: savepointName(to[1]) } : { kind: 'transaction', action: 'rollback', tag: 'ROLLBACK' };
    }
    case 'savepoint': return { kind: 'transaction', action: 'savepoint', tag: 'SAVEPOINT', savepoint: savepointName(s.slice(9)) };
    case 'release': return { kind: 'transaction', action: 'release', tag: 'RELEASE', savepoint: savepointName(s.replace(/^release\s+(savepoint\s+)?/i, '')) };
    case 'set': return parseSet(s);
    case 'reset': {
      const name = s.slice(5).trim();
      return { kind: 'reset', name: name.toLowerCase() === 'all' ? undefined : name };
    }
    case 'show': {
      if (SQL_SHOW.test(s)) return undefined;
      const name = s.slice(4).trim().replace(/\s+/g, ' ').toLowerCase();
      return { kind: 'show', name: name === 'transaction isolation level' ? 'transaction_isolation' : name === 'time zone' ? 'TimeZone' : name };
    }
    case 'discard': return { kind: 'discard' };
    case 'deallocate': {
      const name = s.replace(/^deallocate\s+(prepare\s+)?/i, '').trim();
      return { kind: 'deallocate', name: name.toLowerCase() === 'all' ? undefined : unquote(name) };
    }
    case 'listen': case 'unlisten': return { kind: 'noop', tag: word.toUpperCase() };
    default: return undefined;
  }
}

/** A savepoint's name as PostgreSQL folds it: quoted names keep their case, others are lower-cased. */
function savepointName(v: string): string {
  const t = v.trim();
  return t.startsWith('"') ? unquote(t) : t.toLowerCase();
}

function parseSet(s: string): SessionCommand {
  if (/^set\s+(session\s+characteristics|transaction)\b/i.test(s)) return { kind: 'noop', tag: 'SET' };
  const body = s.replace(/^set\s+(session\s+|local\s+)?/i, '');
  const zone = /^time\s+zone\s+(.*)$/is.exec(body);
  if (zone) return { kind: 'set', name: 'TimeZone', value: unquote(zone[1]) };
  const m = /^([A-Za-z_][\w.]*)\s*(?:=|\s+to\s+|\s)\s*(.*)$/is.exec(body);
  if (!m) return { kind: 'set', name: body.trim(), value: '' };
  return { kind: 'set', name: m[1], value: m[2].split(',').map(unquote).join(', ') };
}
