/**
 * CSV parse workers (parse-worker.ts) kept between uploads: a new worker costs ~40 ms to start, and its
 * parsing code, its batch slabs and its heap all start cold, which the first megabytes of every upload
 * paid for again. A worker whose upload ended cleanly (it answered `done`) waits, unreferenced so it never
 * holds the process open, for the next upload; at most `maxIdle` wait, each for `idleMs`, and `stop()`
 * ends them with the server. A worker whose upload failed or was cut off mid-way is terminated, so no
 * upload starts on a worker that may still be busy with another's bytes.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Lifecycle } from '../../core/extension/lifecycle';

export class ParseWorkerPool implements Lifecycle {
  readonly name = 'csv-parse-worker-pool';
  private readonly idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];
  private stopped = false;

  /** `maxIdle` 0: a worker per upload, ended with it. */
  constructor(private readonly maxIdle = 4, private readonly idleMs = 60_000) {}

  /** A worker for one upload's lane: a waiting one if there is one, else a new one. */
  lease(): Worker {
    const parked = this.idle.pop();
    if (parked) clearTimeout(parked.timer);
    const worker = parked?.worker ?? new Worker(join(__dirname, 'parse-worker.js'));
    worker.ref();
    return worker;
  }

  /** Gives a worker back; `healthy`: its upload ended with `done`, so it may parse the next one. */
  release(worker: Worker, healthy: boolean): void {
    if (!healthy || this.stopped || this.idle.length >= this.maxIdle) { void worker.terminate(); return; }
    worker.unref();
    const timer = setTimeout(() => this.retire(worker), this.idleMs);
    timer.unref();
    this.idle.push({ worker, timer });
  }

  /** Workers waiting now (tests). */
  get idleCount(): number {
    return this.idle.length;
  }

  async start(): Promise<void> {
    // Workers start with the first upload.
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const { worker, timer } of this.idle.splice(0)) {
      clearTimeout(timer);
      await worker.terminate();
    }
  }

  private retire(worker: Worker): void {
    const i = this.idle.findIndex((p) => p.worker === worker);
    if (i >= 0) this.idle.splice(i, 1);
    void worker.terminate();
  }
}
