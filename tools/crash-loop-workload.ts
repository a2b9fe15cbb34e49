/**
 * The SIGKILL loop's clients: one loop per kind of write, each sending its next operation as soon as the
 * previous one was answered, until the server dies under them. Small and large /imp uploads (large ones
 * exceed maxUncommittedRows and arrive out of order, so they are staged and merged), INSERT … SELECT of
 * many rows, and two-table commits through the crash-loop plugin's commitTogether route.
 */
import { formatTimestampMicros } from '../core/time/iso-timestamp';
import { CrashLedger, OP_KINDS, OpKind, TABLES_OF, valueOf } from './crash-loop-ledger';

export interface WorkloadSizes {
  readonly small: number;
  readonly large: number;
  readonly insert: number;
  readonly multi: number;
}

/** SQL that creates the tables the workload writes (the two-table route creates its own). */
export const CREATE_TABLES: readonly string[] = ['small', 'large', 'copy'].map(
  (t) => `create table if not exists ${t} (ts timestamp, op long, v long) timestamp(ts) partition by day`,
);

/**
 * Where a large operation's rows start: ten minutes per operation, so most land after the rows before them;
 * every fifth goes back into the first days, among committed rows, and is merged into their partitions.
 */
function largeBase(op: number): number {
  return (op % 5 === 0 ? op % 250 : op) * 600_000_000;
}

function csv(op: number, rows: number, outOfOrder: boolean): string {
  const lines = ['ts,op,v'];
  for (let i = 0; i < rows; i++) {
    // Large uploads are shuffled within their span: rows staged later merge with rows staged earlier.
    const ts = outOfOrder ? largeBase(op) + ((i * 7919) % rows) * 1000 : op * 1_000_000 + i;
    lines.push(`${formatTimestampMicros(ts)},${op},${valueOf(op, i)}`);
  }
  return lines.join('\n') + '\n';
}

export class Workload {
  private stopped = false;
  private readonly loops: Promise<void>[] = [];

  constructor(private readonly base: string, private readonly ledger: CrashLedger, private readonly sizes: WorkloadSizes) {}

  start(): void {
    for (const kind of OP_KINDS) this.loops.push(this.loop(kind));
  }

  /** Stops sending; resolves once every loop's last request was answered or failed. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
  }

  private async loop(kind: OpKind): Promise<void> {
    while (!this.stopped) {
      const op = this.ledger.begin(kind, this.sizes[kind]);
      let ok: boolean;
      try {
        ok = await this.send(kind, op.id, op.rows);
      } catch {
        return; // the connection died with the server: the operation stays in flight
      }
      if (ok) this.ledger.ack(op.id);
      else this.ledger.fail(op.id);
    }
  }

  private async send(kind: OpKind, op: number, rows: number): Promise<boolean> {
    if (kind === 'small' || kind === 'large') {
      const form = new FormData();
      form.append('data', new Blob([csv(op, rows, kind === 'large')], { type: 'text/csv' }), `${kind}.csv`);
      const res = await fetch(`${this.base}/imp?name=${TABLES_OF[kind][0]}&fmt=json`, { method: 'POST', body: form });
      return res.status === 200 && (await res.text()).includes(`"rowsImported":${rows},`);
    }
    if (kind === 'insert') {
      // LONG arithmetic: past operation 2147 an INT product would wrap (as it does in QuestDB).
      const sql = `insert into copy select cast(${largeBase(op)} + ((x * 7919) % ${rows}) * 1000 as timestamp), ${op}, cast(${op} as long) * 1000000 + x - 1 from long_sequence(${rows})`;
      const res = await fetch(`${this.base}/exec?query=${encodeURIComponent(sql)}`);
      return res.status === 200 && (await res.text()).includes('"dml":"OK"');
    }
    const res = await fetch(`${this.base}/crash-loop/multi?op=${op}&rows=${rows}`, { method: 'POST' });
    return res.status === 200 && (await res.text()) === `committed ${op}\r\n`;
  }
}

/** `select op, count(), sum(v)` of every table the workload writes, by table and operation. */
export async function rowsByTable(base: string): Promise<Map<string, Map<number, readonly [number, number]>>> {
  const out = new Map<string, Map<number, readonly [number, number]>>();
  for (const table of new Set(OP_KINDS.flatMap((k) => TABLES_OF[k]))) {
    const byOp = new Map<number, readonly [number, number]>();
    out.set(table, byOp);
    const res = await fetch(`${base}/exec?query=${encodeURIComponent(`select op, count(), sum(v) from ${table}`)}`);
    const body: unknown = await res.json();
    if (res.status === 400 && /table does not exist/.test(JSON.stringify(body))) continue;
    const dataset = (body as { dataset?: unknown }).dataset;
    if (res.status !== 200 || !Array.isArray(dataset)) throw new Error(`cannot read ${table}: ${JSON.stringify(body)}`);
    for (const row of dataset as unknown[]) {
      if (!Array.isArray(row) || row.length !== 3 || !row.every((c) => typeof c === 'number')) throw new Error(`unexpected row ${JSON.stringify(row)}`);
      byOp.set(row[0] as number, [row[1] as number, row[2] as number]);
    }
  }
  return out;
}
