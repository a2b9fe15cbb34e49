/**
 * `SET statement_timeout`: PostgreSQL's per-session deadline of a statement, as it reads the setting —
 * a whole number of milliseconds, or a number with a unit (`us`, `ms`, `s`, `min`, `h`, `d`); 0 is none.
 * The session's value and the server's `query.timeout` both apply: the earlier one ends the statement.
 */
const UNIT_MS: Readonly<Record<string, number>> = { us: 0.001, ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 };

/** Milliseconds of a statement_timeout value; undefined when it is not one (the server's timeout then applies alone). */
export function statementTimeoutMs(value: string | undefined): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(us|ms|s|min|h|d)?\s*$/i.exec(value ?? '');
  if (!m) return undefined;
  return Number(m[1]) * UNIT_MS[(m[2] ?? 'ms').toLowerCase()];
}

/** The deadline in ms that applies: the smaller of the two that are set (0: none). */
export function effectiveTimeoutMs(serverMs: number, sessionValue: string | undefined): number {
  const session = statementTimeoutMs(sessionValue) ?? 0;
  if (session <= 0) return serverMs;
  return serverMs > 0 ? Math.min(serverMs, session) : session;
}
