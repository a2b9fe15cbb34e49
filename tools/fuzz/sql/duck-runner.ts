/**
 * The peer: embedded DuckDB (in this process, in memory) with QuestDB's semantics loaded as macros
 * (duck-macros.ts). Statements run one at a time on one connection.
 */
import { DuckDBConnection, DuckDBInstance, DuckDBValue } from '@duckdb/node-api';
import { DUCK_MACROS } from './duck-macros';

export type DuckAnswer =
  | { readonly ok: true; readonly types: readonly string[]; readonly rows: readonly (readonly DuckDBValue[])[] }
  | { readonly ok: false; readonly error: string };

export class DuckRunner {
  private constructor(private readonly instance: DuckDBInstance, private readonly con: DuckDBConnection,
    private readonly ownsInstance = true) {}

  /** One thread: the fuzzer's tables are small, and the machine is shared with the server under test. */
  static async open(): Promise<DuckRunner> {
    const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
    const con = await instance.connect();
    const runner = new DuckRunner(instance, con);
    await con.run("SET TimeZone = 'UTC'");
    for (const m of DUCK_MACROS) await con.run(m);
    return runner;
  }

  /** Another connection to the same database (its tables and macros), so several queries can run at once. */
  async connection(): Promise<DuckRunner> {
    const con = await this.instance.connect();
    await con.run("SET TimeZone = 'UTC'");
    return new DuckRunner(this.instance, con, false);
  }

  async exec(sql: string): Promise<DuckAnswer> {
    try {
      const result = await this.con.runAndReadAll(sql);
      return { ok: true, types: result.columnTypes().map(String), rows: result.getRows() };
    } catch (e) {
      return { ok: false, error: e instanceof Error ? e.message : String(e) };
    }
  }

  async must(sql: string): Promise<void> {
    const a = await this.exec(sql);
    if (!a.ok) throw new Error(`DuckDB refused ${sql.slice(0, 200)}: ${a.error}`);
  }

  close(): void {
    this.con.closeSync();
    if (this.ownsInstance) this.instance.closeSync();
  }
}
