/**
 * Worker threads a plugin keeps between jobs, as a Lifecycle: starting a worker and warming its code costs
 * more than a small job, so a worker whose job ended cleanly waits, unreferenced so it never holds the
 * process open, for the next one; at most `maxIdle` wait, each for `idleMs`, and `stop()` ends them with
 * the server. A worker whose job failed or was cut off is terminated, so no job starts on a worker that may
 * be broken or still busy with another's input. The CSV parse workers and the Parquet decoders use it.
 */
import { Worker, WorkerOptions } from 'node:worker_threads';
import { Lifecycle } from './lifecycle';

export class WarmWorkerPool implements Lifecycle {
  private readonly idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];
  private stopped = false;

  /**
   * `script`: the worker's entry file; `maxIdle` 0: a worker per job, ended with it; `options` for each new
   * worker (its workerData, resourceLimits).
   */
  constructor(readonly name: string, private readonly script: string, private readonly maxIdle: number, private readonly idleMs: number,
    private readonly options: WorkerOptions = {}) {}

  /** A worker for one job: a waiting one if there is one, else a new one. */
  lease(): Worker {
    const parked = this.idle.pop();
    if (parked) clearTimeout(parked.timer);
    const worker = parked?.worker ?? new Worker(this.script, this.options);
    worker.ref();
    return worker;
  }

  /** Gives a worker back; `healthy`: its job ended cleanly, so it may take the next one. */
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
    // Workers start with the first job.
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
