/**
 * What a full-disk cell checks besides the write's outcome: the server went on answering reads while the disk
 * was full, and once the disk had room again the same write (its small form) succeeded on the same server,
 * without a restart. TCP has no answer, so its write succeeded when all of its lines arrived in the table.
 */
import { Answer, describeAnswer, failure, success } from './answer';
import { OutcomeServer } from './outcome-server';
import { pause, ROWS, WriteKind } from './write-kind';

/** A table of its own for the reads, made before the disk fills: x = 1..1000. */
const READ_TABLE = 'disk_full_reads';
export const READ_TABLE_SQL: readonly string[] = [`create table ${READ_TABLE} as (select x from long_sequence(1000))`];
const READ_SQL = `select count(), sum(x) from ${READ_TABLE}`;

/** What a read over /exec answered while the disk was full: undefined when it was right, else what it was. */
export async function readWhileFull(server: OutcomeServer): Promise<string | undefined> {
  const out = await server.exec(READ_SQL);
  if (out.error !== undefined) return `${READ_SQL}: ${out.error}`;
  const row = JSON.stringify(out.dataset?.[0]);
  return row === '[1000,500500]' ? undefined : `${READ_SQL} answered ${row}, not [1000,500500]`;
}

async function rowCount(server: OutcomeServer, table: string): Promise<number> {
  const [[n]] = await server.run(`select count() from ${table}`) as number[][];
  return n;
}

/** The small form of `write`, once more, on the server that hit the full disk. */
export async function writeAgain(server: OutcomeServer, write: WriteKind): Promise<Answer> {
  if (!write.silent) return (await write.start(server, 'small', {})).answer;
  const before = await rowCount(server, write.table);
  await (await write.start(server, 'small', {})).answer;
  let now = before;
  for (const until = Date.now() + 30_000; Date.now() < until; await pause(200)) {
    now = await rowCount(server, write.table);
    if (now === before + ROWS.small) return success(`${ROWS.small} lines arrived`);
  }
  return failure(`${now - before} of ${ROWS.small} lines arrived`);
}

/** The written-again answer in a sentence, for an assertion's message. */
export const describeWriteAgain = (a: Answer): string => `written again once the disk had room: ${describeAnswer(a)}`;
