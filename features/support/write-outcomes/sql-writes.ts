/**
 * The SQL rows of the matrix: CREATE TABLE AS, INSERT, INSERT … SELECT, UPDATE and ALTER TABLE ADD/DROP
 * COLUMN over /exec, and the same statements over the PostgreSQL wire (simple and extended protocol,
 * outside a transaction block; block-writes.ts has those inside one). Sources are long_sequence: endless
 * is 10^11 rows, so no machine finishes it; the hash-heavy source writes 200,000 rows and then needs a
 * GROUP BY of 5,000,000 keys.
 */
import { execAnswer, httpWrite } from './http-write';
import { OutcomeServer } from './outcome-server';
import { pgWrite } from './pg-write';
import { appended, BASE_TABLE, ROWS, StartedWrite, StartOptions, Visibility, WriteKind, WriteSize } from './write-kind';

type Route = 'exec' | 'pg simple' | 'pg extended';

interface Statement { readonly sql: string; readonly values?: readonly string[] }

/** (ts, x, y) rows: x = 1..n, y = 2x, one a second from 2021-01-01T00:00:01. */
export function source(rows: number, hashHeavy: boolean): string {
  const plain = `select timestamp_sequence('2021-01-01T00:00:01', 1000000L) ts, x, x * 2 y from long_sequence(${hashHeavy ? 200_000 : rows})`;
  if (!hashHeavy) return plain;
  return `${plain} union all select cast(k as timestamp) ts, k x, k * 2 y from (select x k, count() c from long_sequence(5000000) group by x)`;
}

async function startSql(server: OutcomeServer, route: Route, s: Statement, options: StartOptions): Promise<StartedWrite> {
  if (route === 'exec') {
    if (options.settings) throw new Error('/exec has no session to SET: leave the cell out');
    const id = options.queryId === undefined ? '' : `&query_id=${options.queryId}`;
    const w = httpWrite(server.apiPort(), { method: 'GET', path: `/exec?query=${encodeURIComponent(s.sql)}${id}`, headers: options.headers, classify: execAnswer });
    const cancel = async (): Promise<void> => {
      httpWrite(server.apiPort(), { method: 'GET', path: `/exec?cancel=${options.queryId ?? ''}`, classify: execAnswer });
    };
    return { ...w, cancel };
  }
  return pgWrite(server.pgPort(), route === 'pg simple' ? 'simple' : 'extended', s.sql, s.values ?? [], options.settings);
}

function sqlWrite(name: string, route: Route, table: string, sizes: readonly WriteSize[], prepare: readonly string[],
  statement: (rows: number, options: StartOptions, size: WriteSize) => Statement, visible: (server: OutcomeServer, rows: number) => Promise<Visibility>): WriteKind {
  return {
    name, sizes, table, wire: route === 'exec' ? 'http' : 'pg',
    prepare: (server) => server.script(prepare),
    start: (server, size, options) => startSql(server, route, statement(ROWS[size], options, size), options),
    visible: (server, size) => visible(server, ROWS[size]),
  };
}

const ctas = (rows: number, o: StartOptions): Statement => ({
  sql: `create table c as (${source(rows, o.hashHeavy === true)}) timestamp(ts) partition by day with maxUncommittedRows=20000`,
});

async function created(server: OutcomeServer, rows: number): Promise<Visibility> {
  if (!await server.tableExists('c')) return { kind: 'none' };
  const [[count, sx]] = await server.run('select count(), sum(x) from c') as number[][];
  return count === rows && sx === (rows * (rows + 1)) / 2 ? { kind: 'whole' } : { kind: 'partial', what: `table c with ${count} of ${rows} rows` };
}

/** `factor` is 2, or the parameter that carries it over the extended protocol. */
const insertSelectBy = (factor: string) => (rows: number, o: StartOptions): Statement => ({
  sql: `insert into w (ts, x, y, s) select ts, x, y * ${factor} / 2, 'n' from (${source(rows, o.hashHeavy === true)})`,
});
const insertSelect = insertSelectBy('2');

/** A multi-row VALUES of 100 rows, or with parameters one row. */
function insertValues(rows: number): Statement {
  const tuples = Array.from({ length: rows }, (_, i) => `('${new Date(Date.UTC(2021, 0, 1) + (i + 1) * 1000).toISOString()}', ${i + 1}, ${2 * (i + 1)}, 'n')`);
  return { sql: `insert into w (ts, x, y, s) values ${tuples.join(', ')}` };
}

/**
 * UPDATE rewrites every row of a table of UPDATE_ROWS rows, which any machine does in well under a second;
 * its endless form waits for an IN list of 10^11 values first (a stop then comes before the rewrite, which
 * the big form's full disk and SIGKILL cells, and plugins/sql-engine/stopped-statements.test.ts, cut).
 */
const UPDATE_ROWS = 1_000_000;
const UPDATE_TABLE = [
  'create table w (ts timestamp, x long, y long, s symbol, d1 int, d2 int) timestamp(ts) partition by day with maxUncommittedRows=20000',
  `insert into w select timestamp_sequence('2020-01-01', 1000000L), x, x, 'base', 1, 2 from long_sequence(${UPDATE_ROWS})`,
];
function update(_rows: number, o: StartOptions, size: WriteSize): Statement {
  const where = o.hashHeavy ? ' where x in (select k from (select x k, count() c from long_sequence(5000000) group by x))'
    : size === 'endless' ? ` where x in (select x from long_sequence(${ROWS.endless}))` : '';
  return { sql: `update w set y = y + 1, s = 'u'${where}` };
}

async function updated(server: OutcomeServer): Promise<Visibility> {
  const [[count, sy, u]] = await server.run("select count(), sum(y), sum(case when s = 'u' then 1 else 0 end) from w") as number[][];
  const base = (UPDATE_ROWS * (UPDATE_ROWS + 1)) / 2;
  if (count === UPDATE_ROWS && sy === base && u === 0) return { kind: 'none' };
  if (count === UPDATE_ROWS && sy === base + UPDATE_ROWS && u === UPDATE_ROWS) return { kind: 'whole' };
  return { kind: 'partial', what: `sum(y)=${sy}, ${u} rows with s = 'u'` };
}

/** Columns of `names` the table has. */
async function columnsOf(server: OutcomeServer, names: readonly string[]): Promise<number> {
  const rows = await server.run(`select count() from table_columns('w') where column in (${names.map((n) => `'${n}'`).join(', ')})`) as number[][];
  return rows[0][0];
}

const ALL: readonly WriteSize[] = ['small', 'big', 'endless'];
const FIXED: readonly WriteSize[] = ['small', 'big'];
const appendedTo = (server: OutcomeServer, rows: number): Promise<Visibility> => appended(server, rows);

export const SQL_WRITES: readonly WriteKind[] = [
  sqlWrite('CREATE TABLE AS over /exec', 'exec', 'c', ALL, [], ctas, created),
  sqlWrite('INSERT over /exec', 'exec', 'w', FIXED, BASE_TABLE, () => insertValues(100), (s) => appended(s, 100)),
  sqlWrite('INSERT … SELECT over /exec', 'exec', 'w', ALL, BASE_TABLE, insertSelect, appendedTo),
  sqlWrite('UPDATE over /exec', 'exec', 'w', ALL, UPDATE_TABLE, update, (s) => updated(s)),
  sqlWrite('ALTER TABLE ADD COLUMN over /exec', 'exec', 'w', FIXED, BASE_TABLE, () => ({ sql: 'alter table w add column a int, b double' }),
    async (s) => { const n = await columnsOf(s, ['a', 'b']); return n === 0 ? { kind: 'none' } : n === 2 ? { kind: 'whole' } : { kind: 'partial', what: `${n} of 2 columns added` }; }),
  sqlWrite('ALTER TABLE DROP COLUMN over /exec', 'exec', 'w', FIXED, BASE_TABLE, () => ({ sql: 'alter table w drop column d1, d2' }),
    async (s) => { const n = await columnsOf(s, ['d1', 'd2']); return n === 2 ? { kind: 'none' } : n === 0 ? { kind: 'whole' } : { kind: 'partial', what: `${2 - n} of 2 columns dropped` }; }),
  sqlWrite('CREATE TABLE AS over PostgreSQL simple', 'pg simple', 'c', ALL, [], ctas, created),
  sqlWrite('INSERT … SELECT over PostgreSQL simple', 'pg simple', 'w', ALL, BASE_TABLE, insertSelect, appendedTo),
  sqlWrite('UPDATE over PostgreSQL simple', 'pg simple', 'w', ALL, UPDATE_TABLE, update, (s) => updated(s)),
  sqlWrite('INSERT over PostgreSQL extended', 'pg extended', 'w', FIXED, BASE_TABLE,
    () => ({ sql: 'insert into w (ts, x, y, s) values ($1, $2, $3, $4)', values: ['2021-01-01T00:00:01.000000Z', '1', '2', 'n'] }), (s) => appended(s, 1)),
  sqlWrite('INSERT … SELECT over PostgreSQL extended', 'pg extended', 'w', ALL, BASE_TABLE,
    (rows, o) => ({ ...insertSelectBy('$1')(rows, o), values: ['2'] }), appendedTo),
];

