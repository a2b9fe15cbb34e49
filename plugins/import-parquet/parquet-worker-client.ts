/**
 * The request thread's side of one Parquet decoding worker (parquet-read-worker.ts): one request at a time,
 * answered by the next reply. A worker that dies (a wasm trap on a damaged file) fails the pending request
 * with an SvcError naming the file as invalid; `close()` terminates it.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { SvcError } from '../../core/errors';
import { isParquetWorkerReply, ParquetWorkerReply } from './parquet-worker-protocol';

export class ParquetWorkerClient {
  private readonly worker: Worker;
  private waiting: { resolve: (r: ParquetWorkerReply) => void; reject: (e: unknown) => void } | undefined;
  private failure: SvcError | undefined;
  private closed = false;

  constructor(path: string, private readonly table: string) {
    this.worker = new Worker(join(__dirname, 'parquet-read-worker.js'), { workerData: path });
    this.worker.on('message', (m: unknown) => {
      const w = this.waiting;
      this.waiting = undefined;
      if (isParquetWorkerReply(m)) w?.resolve(m);
    });
    const dead = (reason: string): void => {
      if (this.closed) return;
      this.failure ??= invalidFile(reason, table);
      const w = this.waiting;
      this.waiting = undefined;
      w?.reject(this.failure);
    };
    this.worker.on('error', (e) => dead(e.message));
    this.worker.on('exit', (code) => dead(`the reader stopped (exit code ${code})`));
  }

  /** The schema message the worker sends by itself once the footer is read. */
  first(): Promise<ParquetWorkerReply> {
    return this.next();
  }

  /** Row group `group` as an Arrow IPC stream. */
  async readGroup(group: number): Promise<Uint8Array> {
    const reply = this.next();
    this.worker.postMessage({ kind: 'read', group });
    const r = await reply;
    if (r.kind === 'error') throw invalidFile(r.message, this.table);
    if (r.kind !== 'group') throw new Error(`unexpected reply ${r.kind}`);
    return r.ipc;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    void this.worker.terminate();
  }

  private next(): Promise<ParquetWorkerReply> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => { this.waiting = { resolve, reject }; });
  }
}

export function invalidFile(reason: string, table: string): SvcError {
  return SvcError.badRequest(`invalid Parquet file [table=${table}]: ${reason.split('\n')[0]}`);
}
