/**
 * The simple query protocol: one Query message may hold several statements; each gets its
 * RowDescription (when it returns rows), DataRows in text format and CommandComplete. The first error
 * ends the message (later statements do not run) and aborts an open transaction block; an empty message
 * answers EmptyQueryResponse.
 * ReadyForQuery follows either way (sent by the connection).
 */
import { commandComplete, emptyQueryResponse, errorResponse, rowDescription } from './backend-messages';
import { BackendWriter } from './backend-writer';
import { PgSession } from './pg-session';
import { PgWireContext } from './pg-wire-context';
import { Portal } from './portal';
import { prepareStatement } from './prepared-statement';
import { splitStatements } from './statement-splitter';
import { parseSessionCommand } from './session-command';
import { parseCopy } from './copy-statement';
import { MessageSource, runCopy } from './copy';

/** `input` gives the messages that follow the Query (CopyData of a COPY FROM STDIN). */
export async function runSimpleQuery(text: string, session: PgSession, ctx: PgWireContext, w: BackendWriter, input: MessageSource): Promise<void> {
  const statements = splitStatements(text);
  if (statements.length === 0) { emptyQueryResponse(w); return; }
  for (const s of statements) {
    let phase: 'compile' | 'run' = 'compile';
    let portal: Portal | undefined;
    try {
      ctx.metrics.queries++;
      // An aborted transaction block refuses the statement before it is even compiled, as PostgreSQL does.
      session.block.admit(parseSessionCommand(s.sql));
      const copy = parseCopy(s.sql);
      if (copy) {
        phase = 'run';
        commandComplete(w, `COPY ${await runCopy(copy, session, ctx, w, input)}`);
        continue;
      }
      const statement = prepareStatement(ctx.engine, s.sql, []);
      phase = 'run';
      portal = new Portal(statement, undefined, []);
      const fields = portal.fields();
      if (fields) rowDescription(w, fields);
      const out = await portal.execute(w, 0, session, ctx.execution);
      if (out.kind === 'empty') emptyQueryResponse(w);
      else if (out.kind === 'complete') commandComplete(w, out.tag);
    } catch (e) {
      ctx.metrics.errors++;
      session.block.fail();
      await portal?.close();
      errorResponse(w, ctx.errors.fields(e, { text, offset: s.offset, phase }));
      return;
    }
  }
}
