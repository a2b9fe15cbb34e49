/**
 * Conversion to Parquet by age, in the background: every `cairo.partition.parquet.convert.interval` the engine
 * looks for native partitions whose whole time range ended more than the table's `parquetConvertAfter` (or
 * the server's `cairo.partition.parquet.convert.after`) before the table's newest row — never later than now,
 * so rows stamped in the future convert nothing early — and converts them, oldest first, one at a time. The
 * table's newest partition is never one of them. Each conversion is the tier switch's optimistic attempt
 * (tier-switch.ts): written without the writer lock, swapped in only if no write changed the partition, else
 * tried again in a later round. A partition whose conversion fails is skipped until it changes (or a
 * restart); the failure is logged. `stop` aborts a conversion in progress, which leaves the native partition.
 */
import { nextPartitionFloor } from '../../../core/data/partition-names';
import { Log } from '../../../core/log/log';
import { TableState } from '../table-state';
import { PartitionState } from '../txn-state';
import { EngineTiers } from './engine-tiers';

export interface AgeSettings {
  /** Server default in µs; 0 = off. */
  readonly defaultAfterMicros: number;
  readonly intervalMs: number;
  /** Wall clock in µs. */
  readonly now: () => number;
}

interface Candidate { readonly state: TableState; readonly partition: PartitionState }

/** Retry delay after a busy table or a partition that changed under the conversion. */
const RETRY_MS = 1000;

export class AgeConverter {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private abort = new AbortController();
  private stopped = true;
  /** `<table dir>/<partition dir>` of conversions that failed: not tried again until the partition changes. */
  private readonly failed = new Set<string>();

  constructor(private readonly tables: () => readonly TableState[], private readonly tiers: EngineTiers,
    private readonly settings: AgeSettings, private readonly log?: Log) {}

  start(): void {
    this.stopped = false;
    this.abort = new AbortController();
    this.schedule(Math.min(this.settings.intervalMs, RETRY_MS));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.abort.abort();
    await this.running?.catch(() => undefined);
  }

  /** Runs one round now (tests); resolves when no candidate is left or one could not be converted. */
  async runOnce(): Promise<number> {
    let converted = 0;
    for (;;) {
      const next = this.next();
      if (!next) return converted;
      const key = `${next.state.dir}/${next.partition.dir}`;
      try {
        const outcome = await this.tiers.switch(next.state, next.partition.name, 'parquet', 'try', this.abort.signal);
        if (outcome === 'converted') {
          converted++;
          this.log?.advisory(`converted partition to Parquet by age [table=${next.state.meta.name}, partition=${next.partition.name}]`);
          continue;
        }
        if (outcome === 'unchanged') continue;
        return converted;
      } catch (e) {
        if (this.abort.signal.aborted) return converted;
        this.failed.add(key);
        this.log?.error(`could not convert partition to Parquet by age [table=${next.state.meta.name}, partition=${next.partition.name}, error=${e instanceof Error ? e.message : String(e)}]`);
      }
    }
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.runOnce().then((n) => {
        // A round that stopped early (a busy table, a partition that changed) tries again soon.
        this.schedule(n >= 0 && this.next() ? RETRY_MS : this.settings.intervalMs);
      }, () => this.schedule(this.settings.intervalMs));
    }, ms);
    this.timer.unref();
  }

  /** The oldest native partition past its table's age, over every table. */
  private next(): Candidate | undefined {
    const now = this.settings.now();
    let best: Candidate | undefined;
    for (const state of this.tables()) {
      const meta = state.meta;
      if (state.dropped || meta.partitionBy === 'NONE' || meta.timestampIndex < 0) continue;
      const after = meta.parquetConvertAfterMicros ?? this.settings.defaultAfterMicros;
      const parts = state.txn.partitions;
      if (after <= 0 || parts.length < 2) continue;
      const newest = Math.min(parts[parts.length - 1].maxTs, now);
      for (const p of parts.slice(0, -1)) {
        if (p.parquet || p.rows === 0 || this.failed.has(`${state.dir}/${p.dir}`)) continue;
        if (nextPartitionFloor(meta.partitionBy, p.floor) > newest - after) break;
        if (!best || p.floor < best.partition.floor) best = { state, partition: p };
        break;
      }
    }
    return best;
  }
}
