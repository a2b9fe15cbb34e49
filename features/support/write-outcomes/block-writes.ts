/**
 * The transaction-block rows of the matrix. One table: BEGIN; INSERT of one row (VALUES); INSERT … SELECT
 * of the write's rows; UPDATE of those rows; COMMIT — over the simple protocol, and over node-postgres with
 * parameters (the extended protocol). Two tables: BEGIN; INSERT … SELECT into w; INSERT … SELECT into w2;
 * COMMIT, which must publish both tables or neither. Sources are those of sql-writes.ts.
 */
import { OutcomeServer } from './outcome-server';
import { openBlockSession } from './pg-block-session';
import { BlockPlan, blockWrite } from './pg-block-write';
import { PgProtocol } from './pg-write';
import { source } from './sql-writes';
import { appended, BASE, BASE_TABLE, baseTable, ROWS, StartOptions, sumTo, Visibility, WriteKind, WriteSize } from './write-kind';

const ALL: readonly WriteSize[] = ['small', 'big', 'endless'];
const FIXED: readonly WriteSize[] = ['small', 'big'];
const ROW_TS = '2021-01-01T00:00:00.000000Z';

/** The VALUES row has s = 'v' and x = y = 0; the INSERT … SELECT's rows s = 'n', which the UPDATE makes 'u'. */
function insertsAndUpdate(protocol: PgProtocol): (rows: number, o: StartOptions) => BlockPlan {
  return (rows: number, o: StartOptions): BlockPlan => {
    const select = source(rows, o.hashHeavy === true);
    if (protocol === 'simple') {
      return {
        long: 1, statements: [
          { sql: `insert into w (ts, x, y, s) values ('${ROW_TS}', 0, 0, 'v')` },
          { sql: `insert into w (ts, x, y, s) select ts, x, y, 'n' from (${select})` },
          { sql: "update w set s = 'u' where s = 'n'" },
        ],
      };
    }
    return {
      long: 1, statements: [
        { sql: 'insert into w (ts, x, y, s) values ($1, $2, $3, $4)', values: [ROW_TS, '0', '0', 'v'] },
        { sql: `insert into w (ts, x, y, s) select ts, x, y * $1 / 2, 'n' from (${select})`, values: ['2'] },
        { sql: 'update w set s = $1 where s = $2', values: ['u', 'n'] },
      ],
    };
  };
}

async function insertedAndUpdated(server: OutcomeServer, rows: number): Promise<Visibility> {
  const [[count, sx, sy, v, n, u]] = await server.run("select count(), sum(x), sum(y), sum(case when s = 'v' then 1 else 0 end), "
    + "sum(case when s = 'n' then 1 else 0 end), sum(case when s = 'u' then 1 else 0 end) from w") as number[][];
  const [[torn]] = await server.run('select count() from w where y = null or s = null or ts = null') as number[][];
  if (torn > 0) return { kind: 'partial', what: `${torn} rows with a missing field` };
  const base = sumTo(BASE);
  if (count === BASE && sx === base && sy === base && v + n + u === 0) return { kind: 'none' };
  if (count === BASE + 1 + rows && sx === base + sumTo(rows) && sy === base + 2 * sumTo(rows) && v === 1 && n === 0 && u === rows) return { kind: 'whole' };
  return { kind: 'partial', what: `${count - BASE} new rows of ${rows + 1}: ${v} VALUES row, ${n} inserted not updated, ${u} updated (sum(x)=${sx}, sum(y)=${sy})` };
}

const intoTwoTables = (rows: number): BlockPlan => ({
  long: 1, statements: ['w', 'w2'].map((t) => ({ sql: `insert into ${t} (ts, x, y, s) select ts, x, y, 'n' from (${source(rows, false)})` })),
});

async function inBothTables(server: OutcomeServer, rows: number): Promise<Visibility> {
  const [w, w2] = [await appended(server, rows, false, 'w'), await appended(server, rows, false, 'w2')];
  if (w.kind === w2.kind && (w.kind === 'none' || w.kind === 'whole')) return w;
  return { kind: 'partial', what: `w shows ${JSON.stringify(w)}, w2 ${JSON.stringify(w2)}` };
}

/**
 * Room on a full disk for one table's rows of a write of `size` and a quarter more (a row is 36 bytes in
 * its six column files), so the disk runs out in the second table.
 */
const oneTableOfRows = (size: WriteSize): number => Math.round(ROWS[size] * 36 * 1.25);

function blockWriteKind(name: string, protocol: PgProtocol, sizes: readonly WriteSize[], prepare: readonly string[],
  plan: (rows: number, o: StartOptions) => BlockPlan, visible: (server: OutcomeServer, rows: number) => Promise<Visibility>,
  tables: readonly string[] = ['w']): WriteKind {
  return {
    // The last table written is the one a stop waits for: the others are already in the block by then.
    name, sizes, table: tables[tables.length - 1], wire: 'pg', block: true,
    fullDiskHeadroom: tables.length > 1 ? oneTableOfRows : undefined,
    prepare: (server) => server.script(prepare),
    settles: async (server) => { for (const t of tables) await server.untilWritten(t); },
    start: async (server, size, options) => blockWrite(await openBlockSession(server.pgPort(), protocol), plan(ROWS[size], options), options),
    visible: (server, size) => visible(server, ROWS[size]),
  };
}

export const BLOCK_WRITES: readonly WriteKind[] = [
  blockWriteKind('INSERT, INSERT … SELECT, UPDATE over PostgreSQL simple in a transaction block', 'simple', ALL, BASE_TABLE,
    insertsAndUpdate('simple'), insertedAndUpdated),
  blockWriteKind('INSERT, INSERT … SELECT, UPDATE over PostgreSQL extended in a transaction block', 'extended', ALL, BASE_TABLE,
    insertsAndUpdate('extended'), insertedAndUpdated),
  blockWriteKind('INSERT … SELECT into two tables over PostgreSQL simple in a transaction block', 'simple', FIXED,
    [...BASE_TABLE, ...baseTable('w2')], intoTwoTables, inBothTables, ['w', 'w2']),
];
