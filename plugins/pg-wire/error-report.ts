/**
 * Turns what a statement threw into ErrorResponse fields: an expected error (core/errors.ts asExpectedError)
 * keeps its message, gets the SQLSTATE of its kind (sql-state.ts; a full disk, 507, is 53100 disk_full) and,
 * for SQL errors, `P` = the 1-based character position in the text the client sent (a statement's offset
 * inside a multi-statement Query included), so psql can draw its caret. One of the server's conditions (5xx:
 * a full disk, the cold tier's outage) is also an Error log line, as over HTTP. Anything else is an internal
 * error: `XX000`, a Critical log line and `svc_unhandled_errors_total`.
 */
import { asExpectedError, errorMessage, INSUFFICIENT_STORAGE } from '../../core/errors';
import { Log } from '../../core/log/log';
import { ErrorCounter } from '../../core/metrics/error-counter';
import { ErrorFields } from './backend-messages';
import { PgProtocolError } from './pg-protocol-error';
import { SQLSTATE, sqlStateOf } from './sql-state';

export interface ErrorSource {
  /** The whole text the client sent (Query or Parse), for the position. */
  readonly text: string;
  /** Where the failing statement starts in `text`. */
  readonly offset: number;
  readonly phase: 'compile' | 'run';
}

export class ErrorReport {
  constructor(private readonly log: Log, private readonly errors: ErrorCounter) {}

  fields(thrown: unknown, source: ErrorSource | undefined): ErrorFields {
    const e = asExpectedError(thrown);
    if (!e) {
      this.errors.increment();
      this.log.critical(`unhandled error [context=pg-wire] ${thrown instanceof Error ? thrown.stack ?? thrown.message : String(thrown)}`);
      return { severity: 'ERROR', code: SQLSTATE.INTERNAL, message: errorMessage(thrown) };
    }
    if (e.statusCode >= 500) this.log.error(`statement failed [phase=${source?.phase ?? 'run'}, status=${e.statusCode}] ${e.message}`);
    const code = e instanceof PgProtocolError ? e.code : sqlStateOfStatus(e.statusCode) ?? sqlStateOf(e.message, source?.phase ?? 'run');
    const position = source && e.position !== undefined && (source.phase === 'compile' || e.position > 0)
      ? characterPosition(source.text, source.offset + e.position) : undefined;
    return { severity: 'ERROR', code, message: e.message, position };
  }
}

/** The SQLSTATE a status alone decides: 403 read-only, 507 a full disk. */
function sqlStateOfStatus(status: number): string | undefined {
  if (status === 403) return SQLSTATE.READ_ONLY;
  if (status === INSUFFICIENT_STORAGE) return SQLSTATE.DISK_FULL;
  return undefined;
}

/** The 1-based position PostgreSQL reports: characters (code points), not UTF-16 units. */
export function characterPosition(text: string, utf16Offset: number): number {
  let chars = 0;
  const end = Math.min(utf16Offset, text.length);
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) chars++;
  }
  return chars + 1;
}
