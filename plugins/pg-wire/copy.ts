/**
 * A COPY with STDIN or STDOUT in a simple Query: FROM STDIN reads the CopyData that follows
 * (copy-in.ts); TO STDOUT runs the table or query and streams it (copy-out.ts). Returns the row count
 * for the `COPY n` tag.
 */
import { SvcError } from '../../core/errors';
import { BackendWriter } from './backend-writer';
import { CopyStatement } from './copy-statement';
import { MessageSource, runCopyIn } from './copy-in';
import { runCopyOut } from './copy-out';
import { PgSession } from './pg-session';
import { PgWireContext } from './pg-wire-context';
import { effectiveTimeoutMs } from './statement-timeout';

export type { MessageSource };

const quoteIdentifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export async function runCopy(copy: CopyStatement, session: PgSession, ctx: PgWireContext, w: BackendWriter, input: MessageSource): Promise<number> {
  if (copy.direction === 'from') return runCopyIn(copy, session, ctx, w, input);
  const sql = copy.query ?? `SELECT ${copy.columns ? copy.columns.map(quoteIdentifier).join(', ') : '*'} FROM ${quoteIdentifier(copy.table ?? '')}`;
  const query = ctx.engine.compile(sql);
  if (query.kind !== 'select') throw SvcError.sql(0, 'COPY (query) TO STDOUT needs a query that returns rows');
  const abort = new AbortController();
  session.running = abort;
  try {
    const timeoutMs = effectiveTimeoutMs(ctx.execution.timeoutMs, session.get('statement_timeout'));
    const deadline = timeoutMs > 0 ? performance.now() + timeoutMs : undefined;
    const out = await query.execute({ signal: abort.signal, deadline, transaction: session.block.transaction });
    if (out.kind !== 'rows') throw SvcError.sql(0, 'COPY (query) TO STDOUT needs a query that returns rows');
    return await runCopyOut(out.result, copy.options, w, abort.signal);
  } finally {
    if (session.running === abort) session.running = undefined;
  }
}
