/**
 * The server a write-outcome cell talks to, in-process or a child process (the SIGKILL cells), reached the
 * same way: its ports, SQL for preparing and checking (with a Statement-Timeout that lifts a cell's short
 * `query.timeout`), and the wait until a cut write has ended on the server's side.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { httpRequest } from '../http-client';
import { PgServer } from '../../../plugins/pg-wire/pg-server';
import type { SvcWorld } from '../world';

/** Lifts a short `query.timeout` for the cell's own preparation and checks. */
const SETUP_TIMEOUT_MS = '600000';

export class OutcomeServer {
  constructor(private readonly world: SvcWorld) {}

  apiPort(): number { return this.world.port('API'); }
  tcpPort(): number { return this.world.tcpPort(); }
  pgPort(): number {
    const p = this.world.child ? this.world.childPorts.pg : this.world.server?.container.resolve(PgServer).address()?.port;
    if (p === undefined) throw new Error('the PostgreSQL listener is not running');
    return p;
  }

  /** Runs SQL over /exec; the JSON answer, or an Error with the server's message. */
  async exec(sql: string): Promise<{ dataset?: unknown[][]; error?: string }> {
    const r = await httpRequest('127.0.0.1', this.apiPort(), `/exec?query=${encodeURIComponent(sql)}`, {
      headers: { 'Statement-Timeout': SETUP_TIMEOUT_MS }, timeoutMs: 600_000,
    });
    return JSON.parse(r.body.toString('utf8')) as { dataset?: unknown[][]; error?: string };
  }

  /** Runs SQL that must succeed. */
  async run(sql: string): Promise<unknown[][]> {
    const out = await this.exec(sql);
    if (out.error !== undefined) throw new Error(`${sql}: ${out.error}`);
    return out.dataset ?? [];
  }

  /** Statements one per line. */
  async script(lines: readonly string[]): Promise<void> {
    for (const line of lines) await this.run(line);
  }

  /**
   * True once `table` has staged data on disk (folders its committed `_txn` does not list): a write is
   * under way. False when the table has no folder yet.
   */
  stagedData(table: string): boolean {
    const db = join(this.world.root, 'db');
    const folder = readdirSync(db).find((n) => n.toLowerCase().startsWith(`${table}~`) && !n.endsWith('.tmp'));
    if (folder === undefined) return false;
    try {
      const txn = JSON.parse(readFileSync(join(db, folder, '_txn'), 'utf8')) as { partitions: { dir: string }[] };
      const committed = new Set(txn.partitions.map((p) => p.dir));
      return readdirSync(join(db, folder), { withFileTypes: true }).some((e) => e.isDirectory() && !committed.has(e.name));
    } catch {
      return false;
    }
  }

  async tableExists(table: string): Promise<boolean> {
    const rows = await this.run(`select count() from tables() where table_name = '${table}'`);
    return Number(rows[0][0]) > 0;
  }

  /**
   * Waits until nothing writes `table` any more: an empty INSERT … SELECT takes the table's writer, which a
   * running write holds (it waits `cairo.writer.acquire.timeout` and is tried again); a table dropped by its
   * failed CREATE TABLE AS needs no wait.
   */
  async untilWritten(table: string, timeoutMs = 120_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const out = await this.exec(`insert into ${table} (ts, x) select ts, x from ${table} where x < 0`);
      if (out.error === undefined || /table does not exist/.test(out.error)) return;
      if (!/busy|timeout/i.test(out.error)) throw new Error(`the wait for the write into ${table} failed: ${out.error}`);
      if (Date.now() > deadline) throw new Error(`the write into ${table} did not end within ${timeoutMs} ms: ${out.error}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
