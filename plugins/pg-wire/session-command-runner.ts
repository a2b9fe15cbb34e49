/**
 * Runs a SessionCommand against the session: transaction statements go to its transaction block (the end
 * of a block also closes the portals of its statements, as PostgreSQL does), SET/RESET change the
 * session's settings (reported ones are echoed as ParameterStatus, as PostgreSQL does), SHOW answers
 * one row, DISCARD/DEALLOCATE drop prepared statements.
 */
import { ResultSet } from '../../core/data/result-set';
import { Types } from '../../core/data/column-type';
import { SvcError } from '../../core/errors';
import { rowsBatch } from '../sql-functions/meta/rows-batch';
import { BackendWriter } from './backend-writer';
import { parameterStatus } from './backend-messages';
import { PgSession } from './pg-session';
import { SessionCommand } from './session-command';

export type CommandOutcome = { readonly kind: 'tag'; readonly tag: string } | { readonly kind: 'rows'; readonly result: ResultSet };

export async function runSessionCommand(c: SessionCommand, session: PgSession, w: BackendWriter): Promise<CommandOutcome> {
  switch (c.kind) {
    case 'transaction': {
      if (c.action === 'commit' || c.action === 'rollback') await closeStatementPortals(session);
      return { kind: 'tag', tag: await session.block.run(c.action, c.tag, c.savepoint, w) };
    }
    case 'set': {
      const reported = session.set(c.name, c.value);
      if (reported) parameterStatus(w, reported, session.get(reported) ?? c.value);
      return { kind: 'tag', tag: 'SET' };
    }
    case 'reset': session.reset(c.name); return { kind: 'tag', tag: 'RESET' };
    case 'discard':
      session.statements.clear();
      return { kind: 'tag', tag: 'DISCARD ALL' };
    case 'deallocate':
      if (c.name === undefined) session.statements.clear(); else session.statements.delete(c.name);
      return { kind: 'tag', tag: c.name === undefined ? 'DEALLOCATE ALL' : 'DEALLOCATE' };
    case 'show': return { kind: 'rows', result: showResult(c.name, session) };
    case 'noop': return { kind: 'tag', tag: c.tag };
  }
}

/** The portals of SQL statements (a suspended SELECT reading the block's rows); the running command's own stays. */
async function closeStatementPortals(session: PgSession): Promise<void> {
  for (const [name, p] of [...session.portals]) {
    if (p.statement.command) continue;
    session.portals.delete(name);
    await p.close();
  }
}

function showResult(name: string, session: PgSession): ResultSet {
  if (name === 'all') {
    const columns = ['name', 'setting', 'description'].map((n) => ({ name: n, type: Types.VARCHAR }));
    return valuesResult(columns, session.all());
  }
  const value = session.get(name);
  if (value === undefined) throw new SvcError(`unrecognized configuration parameter "${name}"`, 400, 5);
  return valuesResult([{ name, type: Types.VARCHAR }], [[value]]);
}

function valuesResult(columns: ResultSet['columns'], rows: string[][]): ResultSet {
  return {
    columns, timestampIndex: -1,
    async *batches() { yield rowsBatch(columns, rows); },
  };
}
