/**
 * An ImportParser that parses on a worker thread (parse-worker.ts), so that on two cores parsing overlaps
 * receiving the upload and writing the table. At most `MAX_IN_FLIGHT` chunks wait for the worker (the
 * request stays paused meanwhile), which bounds memory. SYMBOL keys are mapped from the worker's
 * dictionary to the writer's as batches arrive.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ColumnBatch } from '../../core/data/column-batch';
import { FixedArray, Vector } from '../../core/data/vector';
import { SvcError } from '../../core/errors';
import { ImportParser, ParsePlan } from '../../core/extension/import-format';
import { isWorkerReply, WireBatch, WorkerPlan, WorkerReply, WorkerRequest } from './worker-protocol';

/** Upload bytes go to the worker in 1 MiB pieces: few messages (each wakes a thread), bounded memory. */
const STAGE_BYTES = 1 << 20;
const MAX_IN_FLIGHT = 4;

export class WorkerParser implements ImportParser {
  rowsHandled = 0;
  rowsImported = 0;
  errors: readonly number[];
  private readonly worker: Worker;
  private readonly ready: ColumnBatch[] = [];
  private readonly remap: number[][];
  private inFlight = 0;
  private failure: Error | undefined;
  private finished = false;
  private wake: (() => void) | undefined;
  private stage = new Uint8Array(STAGE_BYTES);
  private staged = 0;

  constructor(private readonly plan: ParsePlan) {
    this.errors = plan.columns.map(() => 0);
    this.remap = plan.columns.map(() => []);
    const workerPlan: WorkerPlan = {
      ...plan,
      columns: plan.columns.map((c) => ({ name: c.name, type: c.type, fieldIndex: c.fieldIndex, patterns: c.patterns })),
    };
    this.worker = new Worker(join(__dirname, 'parse-worker.js'), { workerData: workerPlan });
    this.worker.on('message', (m: unknown) => { if (isWorkerReply(m)) this.receive(m); });
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', () => { if (!this.finished) this.fail(new Error('the import parse worker stopped')); });
  }

  get rowsRejected(): number {
    return this.rowsHandled - this.rowsImported;
  }

  async push(chunk: Uint8Array): Promise<void> {
    this.check();
    for (let o = 0; o < chunk.length;) {
      const n = Math.min(chunk.length - o, STAGE_BYTES - this.staged);
      this.stage.set(chunk.subarray(o, o + n), this.staged);
      this.staged += n;
      o += n;
      if (this.staged === STAGE_BYTES) this.sendStage();
    }
    while (this.inFlight > MAX_IN_FLIGHT && !this.failure) await this.next();
    this.check();
  }

  async finish(): Promise<void> {
    this.check();
    if (this.staged > 0) this.sendStage();
    this.send({ type: 'finish' });
    this.inFlight++;
    while (!this.finished && !this.failure) await this.next();
    this.check();
  }

  takeReady(): ColumnBatch[] {
    return this.ready.splice(0, this.ready.length);
  }

  close(): void {
    this.finished = true;
    void this.worker.terminate();
  }

  /**
   * Hands the staging buffer over (transfer, no copy) up to its last line end, and starts the next one
   * with the tail, so the worker rarely has to join a record across pieces.
   */
  private sendStage(): void {
    const full = this.stage;
    let cut = full.lastIndexOf(0x0a, this.staged - 1) + 1;
    if (cut <= 0 || this.staged < STAGE_BYTES) cut = this.staged;
    const next = new Uint8Array(STAGE_BYTES);
    next.set(full.subarray(cut, this.staged));
    this.send({ type: 'chunk', buffer: full.buffer, length: cut }, [full.buffer]);
    this.inFlight++;
    this.stage = next;
    this.staged = this.staged - cut;
  }

  private send(m: WorkerRequest, transfer: ArrayBuffer[] = []): void {
    this.worker.postMessage(m, transfer);
  }

  private next(): Promise<void> {
    return new Promise((resolve) => { this.wake = resolve; });
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  private check(): void {
    if (this.failure) throw this.failure;
  }

  private fail(e: Error): void {
    this.failure ??= e;
    this.signal();
  }

  private receive(m: WorkerReply): void {
    if (m.type === 'error') {
      this.fail(m.user ? SvcError.badRequest(m.message) : new Error(m.message));
      return;
    }
    if (m.type === 'done') {
      this.rowsHandled = m.rowsHandled;
      this.rowsImported = m.rowsImported;
      this.errors = m.errors;
      this.finished = true;
      void this.worker.terminate();
      this.signal();
      return;
    }
    m.newSymbols.forEach((values, i) => {
      const symbols = this.plan.columns[i].symbols;
      if (symbols) for (const v of values) this.remap[i].push(symbols.intern(v));
    });
    for (const b of m.batches) this.ready.push(this.batch(b));
    this.inFlight--;
    this.signal();
  }

  private batch(b: WireBatch): ColumnBatch {
    const vectors = b.vectors.map((w, i): Vector => {
      const column = this.plan.columns[i];
      const data = w.data as FixedArray;
      if (column.symbols) {
        const remap = this.remap[i];
        for (let r = 0; r < data.length; r++) if (data[r] >= 0) data[r] = remap[data[r]];
        return { type: column.type, data, symbols: column.symbols };
      }
      return { type: column.type, data, offsets: w.offsets, nulls: w.nulls, exact: w.exact };
    });
    return { rowCount: b.rowCount, vectors };
  }
}
