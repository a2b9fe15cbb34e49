/**
 * Decoding workers kept between Parquet uploads: compiling and warming parquet-wasm's code costs more than
 * decoding a million rows, so a worker that finished an upload cleanly waits (unreferenced, so it never holds
 * the process open) for the next one; at most `maxIdle` wait, each for `idleMs`, and `stop()` ends them with
 * the server. A worker whose upload failed is terminated, so a damaged file never leaves a broken decoder.
 * A waiting worker keeps the WebAssembly memory its largest row group needed.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Lifecycle } from '../../core/extension/lifecycle';
import { WorkerLease } from './parquet-worker-client';

export class ParquetWorkerPool implements Lifecycle {
  readonly name = 'parquet-worker-pool';
  private readonly idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];

  constructor(private readonly maxIdle = 2, private readonly idleMs = 60_000) {}

  lease(): WorkerLease {
    const parked = this.idle.pop();
    if (parked) clearTimeout(parked.timer);
    const worker = parked?.worker ?? new Worker(join(__dirname, 'parquet-read-worker.js'));
    worker.ref();
    let released = false;
    return {
      worker,
      release: (healthy: boolean): void => {
        if (released) return;
        released = true;
        if (!healthy || this.idle.length >= this.maxIdle) { void worker.terminate(); return; }
        worker.unref();
        const timer = setTimeout(() => this.retire(worker), this.idleMs);
        timer.unref();
        this.idle.push({ worker, timer });
      },
    };
  }

  async start(): Promise<void> {
    // Workers start with the first upload.
  }

  async stop(): Promise<void> {
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
