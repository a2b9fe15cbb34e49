/**
 * The request thread's side of a Parquet decoding worker (parquet-read-worker.ts) while it reads one
 * upload: requests are answered in order, so the caller can ask for the next batch while it converts the
 * last one. A worker that dies (a wasm trap on a damaged file, or out of its memory limit) fails every pending
 * request with an SvcError naming the file as invalid; a file past the decoder's budget is refused naming the
 * row group; `close()` gives a healthy worker back to the pool with the memory it last reported.
 */
import { SvcError } from '../../core/errors';
import { Worker } from 'node:worker_threads';
import { isParquetWorkerReply, ParquetWorkerReply } from './parquet-worker-protocol';

export interface WorkerLease {
  readonly worker: Worker;
  /** Gives the worker back: `healthy` = it may decode the next upload (if its `memory` allows). */
  release(healthy: boolean, memory?: number): void;
}

export class ParquetWorkerClient {
  private readonly waiting: { resolve: (r: ParquetWorkerReply) => void; reject: (e: unknown) => void }[] = [];
  private failure: SvcError | undefined;
  private closed = false;
  /** The worker's WebAssembly memory after its last batch. */
  private memory = 0;
  private readonly onMessage = (m: unknown): void => {
    if (!isParquetWorkerReply(m)) return;
    // A worker that failed once decodes no further upload.
    if (m.kind === 'error') this.failure ??= invalidFile(m.message, this.table);
    if (m.kind === 'refused') this.failure ??= refusedFile(m.message, this.table);
    if (m.kind === 'batch' || m.kind === 'end') this.memory = m.memory;
    this.waiting.shift()?.resolve(m);
  };
  private readonly onError = (e: Error): void => this.dead(e.message);
  private readonly onExit = (code: number): void => this.dead(`the reader stopped (exit code ${code})`);

  constructor(private readonly lease: WorkerLease, path: string, private readonly table: string) {
    const w = lease.worker;
    w.on('message', this.onMessage);
    w.on('error', this.onError);
    w.on('exit', this.onExit);
    w.postMessage({ kind: 'open', path });
  }

  /** The schema the worker answers `open` with (or its refusal). */
  first(): Promise<ParquetWorkerReply> {
    return this.next();
  }

  /** The next batch as an Arrow IPC stream, or undefined after the last. */
  async nextBatch(): Promise<Uint8Array | undefined> {
    const reply = this.next();
    this.lease.worker.postMessage({ kind: 'next' });
    const r = await reply;
    if (r.kind === 'error') throw invalidFile(r.message, this.table);
    if (r.kind === 'refused') throw refusedFile(r.message, this.table);
    if (r.kind === 'end') return undefined;
    if (r.kind !== 'batch') throw new Error(`unexpected reply ${r.kind}`);
    return r.ipc;
  }

  /** Ends this upload's use of the worker; one that failed or still owes replies is not reused. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    const w = this.lease.worker;
    w.off('message', this.onMessage);
    w.off('error', this.onError);
    w.off('exit', this.onExit);
    const healthy = this.failure === undefined && this.waiting.length === 0;
    if (healthy) w.postMessage({ kind: 'close' });
    this.lease.release(healthy, this.memory);
  }

  private dead(reason: string): void {
    const failure = this.failure ?? invalidFile(reason, this.table);
    this.failure = failure;
    for (const w of this.waiting.splice(0)) w.reject(failure);
  }

  private next(): Promise<ParquetWorkerReply> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => { this.waiting.push({ resolve, reject }); });
  }
}

export function invalidFile(reason: string, table: string): SvcError {
  return SvcError.badRequest(`invalid Parquet file [table=${table}]: ${reason.split('\n')[0]}`);
}

/** A well-formed file the decoder's budget does not allow (decoder-budget.ts). */
export function refusedFile(reason: string, table: string): SvcError {
  return SvcError.badRequest(`Parquet file refused [table=${table}]: ${reason}`);
}
