/**
 * What the SIGKILL loop sent and what the server acknowledged, and the check after every restart:
 * each operation (one /imp upload, one INSERT … SELECT, one two-table commit) writes `rows` rows tagged
 * with its id into its tables, with values `op * 1e6 + i`, so `select op, count(), sum(v)` shows for
 * every operation whether all of its rows are there, none, or a part (never allowed).
 */
export type OpKind = 'small' | 'large' | 'insert' | 'multi';

export const OP_KINDS: readonly OpKind[] = ['small', 'large', 'insert', 'multi'];
export const TABLES_OF: Readonly<Record<OpKind, readonly string[]>> = {
  small: ['small'], large: ['large'], insert: ['copy'], multi: ['multi_a', 'multi_b'],
};

/** pending: sent, no answer yet (in flight when the server died); absent: in flight and rolled back. */
type OpState = 'pending' | 'acked' | 'failed' | 'absent';

interface Op { readonly id: number; readonly kind: OpKind; readonly rows: number; state: OpState }

export interface LedgerStats {
  acknowledged: Record<OpKind, number>;
  acknowledgedRows: number;
  /** Requests the server answered with an error (their rows must not appear). */
  failed: number;
  inFlightCommitted: number;
  inFlightRolledBack: number;
  lostRows: number;
  partialOps: number;
}

export function valueOf(op: number, i: number): number {
  return op * 1_000_000 + i;
}

export class CrashLedger {
  private readonly ops = new Map<number, Op>();
  private nextId = 1;
  /** Operations found partial or lost: every check after a restart reports them again, the stats count them once. */
  private readonly partial = new Set<number>();
  private readonly lost = new Set<number>();
  readonly stats: LedgerStats = {
    acknowledged: { small: 0, large: 0, insert: 0, multi: 0 }, acknowledgedRows: 0, failed: 0,
    inFlightCommitted: 0, inFlightRolledBack: 0, lostRows: 0, partialOps: 0,
  };

  begin(kind: OpKind, rows: number): { readonly id: number; readonly rows: number } {
    const op: Op = { id: this.nextId++, kind, rows, state: 'pending' };
    this.ops.set(op.id, op);
    return op;
  }

  ack(id: number): void {
    const op = this.require(id);
    op.state = 'acked';
    this.stats.acknowledged[op.kind]++;
    this.stats.acknowledgedRows += op.rows * TABLES_OF[op.kind].length;
  }

  fail(id: number): void {
    this.require(id).state = 'failed';
    this.stats.failed++;
  }

  /**
   * After a restart: every acknowledged operation must be complete, every other one complete or absent,
   * a two-table operation in both tables or neither. Operations in flight at the kill are settled as
   * committed or rolled back. Returns the violations (empty when all is well).
   */
  verify(rowsByTable: ReadonlyMap<string, ReadonlyMap<number, readonly [number, number]>>): string[] {
    const problems: string[] = [];
    for (const [table, byOp] of rowsByTable) {
      for (const id of byOp.keys()) if (!this.ops.has(id)) problems.push(`${table} holds rows of an operation never sent [op=${id}]`);
    }
    for (const op of this.ops.values()) {
      const expectedSum = op.rows * op.id * 1_000_000 + (op.rows * (op.rows - 1)) / 2;
      const found = TABLES_OF[op.kind].map((t) => rowsByTable.get(t)?.get(op.id) ?? [0, 0] as const);
      for (const [count, sum] of found) {
        if (count > 0 && (count !== op.rows || sum !== expectedSum)) {
          problems.push(`partial operation [op=${op.id}, kind=${op.kind}, rows=${count} of ${op.rows}, sum=${sum} of ${expectedSum}]`);
          if (!this.partial.has(op.id)) this.stats.partialOps++;
          this.partial.add(op.id);
        }
      }
      const present = found.map(([count]) => count > 0);
      if (present.some((p) => p !== present[0])) problems.push(`a commit across tables is visible in one table only [op=${op.id}]`);
      if (op.state === 'pending') {
        op.state = present[0] ? 'acked' : 'absent';
        if (present[0]) this.stats.inFlightCommitted++;
        else this.stats.inFlightRolledBack++;
      } else if (op.state === 'acked' && !present[0]) {
        problems.push(`acknowledged rows lost [op=${op.id}, kind=${op.kind}, rows=${op.rows}]`);
        if (!this.lost.has(op.id)) this.stats.lostRows += op.rows;
        this.lost.add(op.id);
      } else if ((op.state === 'failed' || op.state === 'absent') && present.some((p) => p)) {
        problems.push(`rows of a failed or rolled-back operation are visible [op=${op.id}, kind=${op.kind}]`);
      }
    }
    return problems;
  }

  private require(id: number): Op {
    const op = this.ops.get(id);
    if (!op) throw new Error(`unknown operation ${id}`);
    return op;
  }
}
