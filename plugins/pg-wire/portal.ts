/**
 * A bound statement ready to run (Bind): the prepared statement, this execution's parameter values and
 * the result format of each column. Execute runs it (the first time) and streams up to `maxRows` rows;
 * when rows are left the portal is suspended and the next Execute continues from the same cursor.
 * The query runs under the portal's AbortController, which CancelRequest and a vanished client abort,
 * and with `query.timeout` as its deadline; inside a transaction block, in the block's transaction.
 */
import { ResultSet } from '../../core/data/result-set';
import { SvcError } from '../../core/errors';
import { SqlValue } from '../../core/sql/vector/sql-value';
import { BackendWriter } from './backend-writer';
import { FieldDescription } from './backend-messages';
import { PgSession } from './pg-session';
import { PreparedStatement } from './prepared-statement';
import { RowCursor } from './row-cursor';
import { runSessionCommand } from './session-command-runner';
import { commandTag } from './command-tag';
import { oidOf, typeModifier, typeSize } from '../sql-catalog/pg-type-oids';
import { CancelController } from '../../core/cancel-controller';
import { effectiveTimeoutMs } from './statement-timeout';

export interface ExecutionSettings {
  /** `pg.send.buffer.size`: bytes a connection may queue on its socket before a result waits for the client. */
  readonly sendBufferBytes: number;
  /** `query.timeout` in ms (0: none). */
  readonly timeoutMs: number;
}

export type PortalOutcome =
  | { readonly kind: 'suspended' }
  | { readonly kind: 'complete'; readonly tag: string }
  | { readonly kind: 'empty' };

export const WRITE_DENIED = 'Write permission denied';

export class Portal {
  private cursor: RowCursor | undefined;
  private readonly abort = new CancelController();

  /** `values` is undefined for a simple Query, which has no parameters. */
  constructor(readonly statement: PreparedStatement, private readonly values: readonly SqlValue[] | undefined, private readonly binary: readonly boolean[]) {}

  /** RowDescription fields with this portal's formats, or undefined (NoData). */
  fields(): FieldDescription[] | undefined {
    return describeFields(this.statement, this.binary);
  }

  async execute(w: BackendWriter, maxRows: number, session: PgSession, settings: ExecutionSettings): Promise<PortalOutcome> {
    const s = this.statement;
    if (s.empty) return { kind: 'empty' };
    session.running = this.abort;
    try {
      if (!this.cursor) {
        const started = await this.start(w, session, settings);
        if (started.kind !== 'rows') return started;
        this.cursor = new RowCursor(started.result, this.binary);
      }
      const n = await this.cursor.write(w, maxRows);
      if (!this.cursor.done) return { kind: 'suspended' };
      return { kind: 'complete', tag: `SELECT ${n}` };
    } finally {
      if (session.running === this.abort) session.running = undefined;
    }
  }

  /** Stops a running or suspended query and releases what it holds. */
  async close(reason?: SvcError): Promise<void> {
    if (reason && !this.abort.signal.aborted) this.abort.abort(reason);
    await this.cursor?.close();
  }

  private async start(w: BackendWriter, session: PgSession, settings: ExecutionSettings): Promise<PortalOutcome | { kind: 'rows'; result: ResultSet }> {
    const s = this.statement;
    session.block.admit(s.command);
    if (s.command) {
      const out = await runSessionCommand(s.command, session, w);
      return out.kind === 'rows' ? out : { kind: 'complete', tag: out.tag };
    }
    const query = s.query;
    if (!query) return { kind: 'empty' };
    if (session.readOnly && query.kind !== 'select') throw new SvcError(WRITE_DENIED, 403, 0);
    // `query.timeout` (or the session's statement_timeout) from the statement's start: the engine checks the deadline between batches.
    const timeoutMs = effectiveTimeoutMs(settings.timeoutMs, session.get('statement_timeout'));
    const deadline = timeoutMs > 0 ? performance.now() + timeoutMs : undefined;
    // Inside a transaction block INSERT and UPDATE are staged in it, and every statement reads its rows.
    const transaction = session.block.transaction;
    if (query.kind !== 'select') session.block.changing();
    const out = await query.execute({ signal: this.abort.signal, parameters: this.values, deadline, transaction });
    switch (out.kind) {
      case 'rows': return out;
      case 'insert': return { kind: 'complete', tag: `INSERT 0 ${out.inserted}` };
      case 'update': return { kind: 'complete', tag: `UPDATE ${out.updated}` };
      case 'ddl': return { kind: 'complete', tag: commandTag(s.sql) };
    }
  }
}

export function describeFields(s: PreparedStatement, binary: readonly boolean[]): FieldDescription[] | undefined {
  return s.columns?.map((c, i) => {
    const oid = oidOf(c.type);
    return { name: c.name, oid, size: typeSize(oid), modifier: typeModifier(oid), format: binary[i] ? 1 : 0 };
  });
}
