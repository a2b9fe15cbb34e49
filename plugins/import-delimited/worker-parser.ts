/**
 * An ImportParser that parses on worker threads (parse-worker.ts), so parsing overlaps receiving the
 * upload and writing the table, on every core. The upload goes out in ~1 MiB pieces cut after a line end.
 * While no piece has held a double quote, a piece is whole records, so pieces go round-robin to the lanes
 * (workers) and each lane ends a batch at the end of a piece; batches are released in piece order, so
 * rows keep their order. A quote (a line end may be inside a field), a piece without a line end, or
 * `atomicity=abort` (line numbers count across the file) keeps everything from then on in lane 0, which
 * joins records across pieces itself. At most `4 × lanes` pieces are in flight (the request stays paused
 * meanwhile), which bounds memory and gives each worker enough to parse while the request thread stages
 * rows to disk (a synchronous write of ~16 MB per maxUncommittedRows). SYMBOL keys are mapped from each lane's dictionary to the writer's.
 * Batches arrive as views on shared slabs (batch-slabs.ts); a batch handed out by `takeReady()` is the
 * caller's until its next `takeReady()`, when its slab goes back to its lane with the lane's next piece.
 */
import { Worker } from 'node:worker_threads';
import { ColumnBatch } from '../../core/data/column-batch';
import { FixedArray, Vector } from '../../core/data/vector';
import { SvcError } from '../../core/errors';
import { ImportParser, ParsePlan } from '../../core/extension/import-format';
import { ParseWorkerPool } from './parse-worker-pool';
import { isWorkerReply, WireBatch, WorkerPlan, WorkerReply, WorkerRequest } from './worker-protocol';
import { sharedBuffer } from '../../core/data/shared-buffers';

const STAGE_BYTES = 1 << 20;
const IN_FLIGHT_PER_LANE = 4;
const ALIGN_MOVE_BYTES = 64 << 10;
const QUOTE = 0x22;
const LF = 0x0a;

interface Lane {
  readonly worker: Worker;
  /** Per column: lane dictionary key → writer key. */
  readonly remap: number[][];
  /** Per column: every lane key so far is the writer's key too (one lane into a new table), so batches need no mapping. */
  readonly same: boolean[];
  /** Batch slabs the writer is done with, to go back with this lane's next piece. */
  readonly returns: SharedArrayBuffer[];
  /** This parser's listeners on the worker, taken off when the worker goes back to the pool. */
  readonly listeners: { readonly message: (m: unknown) => void; readonly error: (e: Error) => void; readonly exit: () => void };
  done: boolean;
  released: boolean;
}

/** Batches of one parsed piece, and where their slabs go back to. */
interface Parsed {
  readonly lane: Lane;
  readonly batches: readonly ColumnBatch[];
  readonly slabs: readonly SharedArrayBuffer[];
}

export class WorkerParser implements ImportParser {
  rowsHandled = 0;
  rowsImported = 0;
  errors: number[];
  private readonly lanes: Lane[];
  private readonly ready: ColumnBatch[] = [];
  /** The slabs of `ready`, and of the batches the last `takeReady()` handed out. */
  private readySlabs: { readonly lane: Lane; readonly slab: SharedArrayBuffer }[] = [];
  private lent: { readonly lane: Lane; readonly slab: SharedArrayBuffer }[] = [];
  private readonly parsed = new Map<number, Parsed>();
  private nextSeq = 0;
  private nextRelease = 0;
  private serial: boolean;
  private inFlight = 0;
  private failure: Error | undefined;
  private closed = false;
  private wake: (() => void) | undefined;
  private stage = new Uint8Array(sharedBuffer(STAGE_BYTES));
  /** Piece buffers the workers handed back, reused for the next pieces (no 1 MiB allocation per piece). */
  private readonly spares: SharedArrayBuffer[] = [];
  /** The piece being staged is `stage[base .. base + staged)`; `base` (0–7) keeps copies word-aligned. */
  private base = 0;
  private staged = 0;
  private readonly bounce = new Uint8Array(ALIGN_MOVE_BYTES + 8);

  /** `pool`: where lanes lease their workers (by default a worker per lane, ended with the upload). */
  constructor(private readonly plan: ParsePlan, laneCount = 2, private readonly pool = new ParseWorkerPool(0)) {
    this.errors = plan.columns.map(() => 0);
    const count = plan.atomicity === 'abort' ? 1 : Math.max(1, laneCount);
    this.serial = count === 1;
    const columns = plan.columns.map((c) => ({ name: c.name, type: c.type, fieldIndex: c.fieldIndex, patterns: c.patterns }));
    this.lanes = Array.from({ length: count }, (_, i) => {
      // Only lane 0 sees the start of the upload (header line, byte order mark).
      const workerPlan: WorkerPlan = { ...plan, columns, header: i === 0 && plan.header, leadingBom: i === 0 };
      const lane: Lane = {
        worker: pool.lease(), remap: plan.columns.map(() => []), same: plan.columns.map(() => true), returns: [], done: false, released: false,
        listeners: {
          message: (m: unknown) => { if (isWorkerReply(m)) this.receive(lane, m); },
          error: (e: Error) => this.fail(e),
          exit: () => { if (!lane.done && !this.closed) this.fail(new Error('an import parse worker stopped')); },
        },
      };
      lane.worker.on('message', lane.listeners.message);
      lane.worker.on('error', lane.listeners.error);
      lane.worker.on('exit', lane.listeners.exit);
      this.send(lane, { type: 'open', plan: workerPlan });
      return lane;
    });
  }

  get rowsRejected(): number {
    return this.rowsHandled - this.rowsImported;
  }

  async push(chunk: Uint8Array): Promise<void> {
    this.check();
    for (let o = 0; o < chunk.length;) {
      const n = Math.min(chunk.length - o, STAGE_BYTES - this.base - this.staged, ALIGN_MOVE_BYTES);
      this.copyIn(chunk, o, n);
      this.staged += n;
      o += n;
      if (this.base + this.staged === STAGE_BYTES) this.sendStage(false);
    }
    while (this.inFlight > IN_FLIGHT_PER_LANE * this.lanes.length && !this.failure) await this.next();
    this.check();
  }

  async finish(): Promise<void> {
    this.check();
    if (this.staged > 0) this.sendStage(true);
    for (const lane of this.lanes) {
      this.send(lane, { type: 'finish', seq: this.nextSeq++ });
      this.inFlight++;
    }
    while (this.lanes.some((l) => !l.done) && !this.failure) await this.next();
    this.check();
  }

  takeReady(): ColumnBatch[] {
    for (const { lane, slab } of this.lent) lane.returns.push(slab);
    this.lent = this.readySlabs;
    this.readySlabs = [];
    return this.ready.splice(0, this.ready.length);
  }

  /** Gives the workers back: a lane that ended with `done` may parse the next upload, any other is ended. */
  close(): void {
    this.closed = true;
    for (const lane of this.lanes) this.release(lane);
  }

  /**
   * Hands the staging buffer over (shared memory, no copy; it comes back as a spare) up to its last line end; the tail starts the next one.
   * Searched through a Buffer view (memchr): a TypedArray `indexOf` over every piece cost about a second of
   * the request thread per GB.
   */
  private sendStage(last: boolean): void {
    const full = this.stage;
    const base = this.base;
    const view = Buffer.from(full.buffer, base, this.staged);
    let cut = last ? this.staged : view.lastIndexOf(LF) + 1;
    if (cut <= 0) { cut = this.staged; this.serial = true; }
    if (!this.serial && view.subarray(0, cut).indexOf(QUOTE) >= 0) this.serial = true;
    const spare = this.spares.pop();
    const next = new Uint8Array(spare ?? sharedBuffer(STAGE_BYTES));
    // The tail keeps its place modulo 8, so the upload's next bytes still copy in words.
    const nextBase = (base + cut) & 7;
    next.set(full.subarray(base + cut, base + this.staged), nextBase);
    const seq = this.nextSeq++;
    const lane = this.serial ? this.lanes[0] : this.lanes[seq % this.lanes.length];
    this.send(lane, { type: 'chunk', buffer: full.buffer as SharedArrayBuffer, offset: base, length: cut, seq, endBatch: !this.serial, slabs: lane.returns.splice(0) });
    this.inFlight++;
    this.stage = next;
    this.base = nextBase;
    this.staged -= cut;
  }

  /**
   * Copies `chunk[o .. o + n)` (n ≤ ALIGN_MOVE_BYTES) to the end of the staged bytes, in words. V8 copies
   * into shared memory with relaxed atomic stores: word by word when source and target agree modulo 8,
   * otherwise byte by byte, ~7× slower (an upload's copy into the stage was a quarter of the request
   * thread's time). Socket reads end anywhere, so the phase changes every dozen chunks or so: while few
   * bytes are staged they are moved to match the source; otherwise the chunk goes through `bounce`, a
   * plain array placed to match the target (plain memory copies at any alignment).
   */
  private copyIn(chunk: Uint8Array, o: number, n: number): void {
    const source = chunk.subarray(o, o + n);
    const want = (chunk.byteOffset + o - this.staged) & 7;
    if (want !== this.base && this.staged <= ALIGN_MOVE_BYTES) {
      this.stage.copyWithin(want, this.base, this.base + this.staged);
      this.base = want;
    }
    const at = this.base + this.staged;
    if (want === this.base) {
      this.stage.set(source, at);
      return;
    }
    const phase = at & 7;
    this.bounce.set(source, phase);
    this.stage.set(this.bounce.subarray(phase, phase + n), at);
  }

  /** Never with a transfer list: a detached ArrayBuffer slows every typed-array loop of this thread for good. */
  private send(lane: Lane, m: WorkerRequest): void {
    lane.worker.postMessage(m);
  }

  private release(lane: Lane): void {
    if (lane.released) return;
    lane.released = true;
    lane.worker.off('message', lane.listeners.message);
    lane.worker.off('error', lane.listeners.error);
    lane.worker.off('exit', lane.listeners.exit);
    this.pool.release(lane.worker, lane.done);
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

  private receive(lane: Lane, m: WorkerReply): void {
    if (m.type === 'error') {
      this.fail(m.user ? SvcError.badRequest(m.message) : new Error(m.message));
      return;
    }
    if (m.type === 'done') {
      this.rowsHandled += m.rowsHandled;
      this.rowsImported += m.rowsImported;
      m.errors.forEach((n, i) => { this.errors[i] += n; });
      lane.done = true;
      this.release(lane);
      this.signal();
      return;
    }
    m.newSymbols.forEach((values, i) => {
      const symbols = this.plan.columns[i].symbols;
      if (!symbols) return;
      const remap = lane.remap[i];
      for (const v of values) {
        const key = symbols.intern(v);
        if (key !== remap.length) lane.same[i] = false;
        remap.push(key);
      }
    });
    if (m.spare?.byteLength === STAGE_BYTES) this.spares.push(m.spare);
    this.parsed.set(m.seq, { lane, batches: m.batches.map((b) => this.batch(lane, b)), slabs: m.batches.flatMap((b) => (b.slab ? [b.slab] : [])) });
    for (let out = this.parsed.get(this.nextRelease); out; out = this.parsed.get(this.nextRelease)) {
      this.parsed.delete(this.nextRelease++);
      for (const b of out.batches) this.ready.push(b);
      for (const slab of out.slabs) this.readySlabs.push({ lane: out.lane, slab });
    }
    this.inFlight--;
    this.signal();
  }

  private batch(lane: Lane, b: WireBatch): ColumnBatch {
    const vectors = b.vectors.map((w, i): Vector => {
      const column = this.plan.columns[i];
      const data = w.data as FixedArray;
      if (column.symbols) {
        const remap = lane.remap[i];
        if (!lane.same[i]) for (let r = 0; r < data.length; r++) if (data[r] >= 0) data[r] = remap[data[r]];
        return { type: column.type, data, symbols: column.symbols };
      }
      return { type: column.type, data, offsets: w.offsets, nulls: w.nulls, exact: w.exact };
    });
    return { rowCount: b.rowCount, vectors };
  }
}
