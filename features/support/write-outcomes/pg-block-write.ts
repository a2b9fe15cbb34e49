/**
 * A write inside a PostgreSQL transaction block: BEGIN, the session's SET commands, the statements, then
 * COMMIT, each sent once the one before is answered. Its answer is COMMIT's: `COMMIT` is success. After an
 * error PostgreSQL aborts the block, so every later statement must answer 25P02 and COMMIT must answer
 * ROLLBACK: the client saw an error (the first one). A block that breaks that rule fails the cell. A
 * connection that closes before COMMIT was sent leaves an uncommitted block, of which nothing may remain.
 */
import { Answer, failure, noAnswer, success } from './answer';
import { BlockSession, BlockStatement, StatementOutcome } from './pg-block-session';
import { StartedWrite, StartOptions } from './write-kind';

const IN_FAILED_TRANSACTION = '25P02';

export interface BlockPlan {
  readonly statements: readonly BlockStatement[];
  /** The index of the statement that takes long: `started` resolves once it is sent. */
  readonly long: number;
}

export function blockWrite(session: BlockSession, plan: BlockPlan, options: StartOptions): StartedWrite {
  let markStarted = (): void => undefined;
  let markHeld = (): void => undefined;
  let release = (): void => undefined;
  const started = new Promise<void>((r) => { markStarted = r; });
  const commitHeld = new Promise<void>((r) => { markHeld = r; });
  const go = options.holdCommit ? new Promise<void>((r) => { release = r; }) : Promise.resolve();
  const settings = Object.entries(options.settings ?? {}).map(([name, value]) => ({ sql: `set ${name} = ${value}` }));
  const before = [{ sql: 'begin' }, ...settings];
  const statements = [...before, ...plan.statements];
  const longest = before.length + plan.long;

  const run = async (): Promise<Answer> => {
    let failed: { readonly sql: string; readonly outcome: StatementOutcome & { kind: 'error' } } | undefined;
    for (const [i, s] of statements.entries()) {
      if (i === longest) markStarted();
      const out = await session.run(s);
      if (out.kind === 'gone') return noAnswer(`connection closed during "${brief(s.sql)}": ${out.reason}`, true);
      if (failed) {
        if (out.kind !== 'error' || out.code !== IN_FAILED_TRANSACTION) {
          throw new Error(`after "${brief(failed.sql)}" failed (${describe(failed.outcome)}), "${brief(s.sql)}" in the aborted block `
            + `answered ${describe(out)}, not ${IN_FAILED_TRANSACTION}`);
        }
      } else if (out.kind === 'error') {
        failed = { sql: s.sql, outcome: out };
      }
    }
    markStarted();
    markHeld();
    await Promise.race([go, session.closed]);
    if (session.isClosed) return noAnswer('connection closed before COMMIT', true);
    const commit = await session.run({ sql: 'commit' });
    session.end();
    if (commit.kind === 'gone') return noAnswer(`connection closed before COMMIT was answered: ${commit.reason}`);
    if (commit.kind === 'error') return failure(`COMMIT: ${commit.code} ${commit.message}`, commit.code);
    if (!failed) return commit.tag === 'COMMIT' ? success('COMMIT') : failure(`COMMIT answered ${commit.tag}`);
    if (commit.tag !== 'ROLLBACK') throw new Error(`after "${brief(failed.sql)}" failed, COMMIT of the aborted block answered ${commit.tag}, not ROLLBACK`);
    return failure(`${failed.outcome.code} ${failed.outcome.message} (in "${brief(failed.sql)}"); COMMIT answered ROLLBACK`, failed.outcome.code);
  };

  const answer = run();
  // An ending waiting for the start or the held COMMIT goes on to the answer, whatever happened before.
  answer.finally(() => { markStarted(); markHeld(); }).catch(() => undefined);
  return {
    answer,
    started,
    commitHeld,
    commit: () => release(),
    cut: () => session.cut(),
    cancel: () => session.cancel(),
  };
}

function describe(o: StatementOutcome): string {
  switch (o.kind) {
    case 'done': return o.tag;
    case 'error': return `${o.code} ${o.message}`;
    case 'gone': return `nothing (${o.reason})`;
  }
}

/** A statement as error messages quote it: its first 60 characters. */
function brief(sql: string): string {
  return sql.length > 60 ? `${sql.slice(0, 57)}…` : sql;
}
