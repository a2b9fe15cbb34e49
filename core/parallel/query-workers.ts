/**
 * The query worker pool: a fixed set of worker threads (`shared.worker.count`, default one per core),
 * started on first use, that run kernel tasks over shared column memory. A step's tasks go to its workers
 * as one job they claim tasks from (kernel-job.ts); jobs queue when every worker is busy, and a step's
 * outputs come back in task order, so partial states merge in row order. A cancelled step drops its
 * queued jobs at once and its running tasks stop within a block (their flag is raised). A worker that dies
 * (an uncaught error, out of memory) fails its job and is replaced on next use.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sharedCollections } from '../data/shared-buffers';
import { SvcError } from '../errors';
import { reasonOf } from '../sql/query-cancellation';
import { isKernelJobReply, KernelJob, KernelJobReply, unclaimed } from './kernel-job';
import { KernelOutput, KernelTask } from './kernel-task';
import { outcomeOf } from './kernel-outcome';
import { ParallelSettings } from './parallel-settings';
import { ParallelStep } from './parallel-step';
import { runKernel } from './run-kernel';

export type TaskSpec = Omit<KernelTask, 'id' | 'cancel' | 'memory'>;

/** One worker's part in a step: the step's job, to post when a worker is free. */
interface Pending {
  readonly job: KernelJob;
  readonly step: ParallelStep;
  readonly resolve: (r: KernelJobReply) => void;
  readonly reject: (e: unknown) => void;
}

/** Counters for /metrics and tests. */
export interface WorkerPoolStats {
  /** Tasks finished (done, cancelled or failed). */
  tasks: number;
  /** Tasks that stopped because their query was cancelled. */
  cancelled: number;
  /** Rows the finished tasks scanned. */
  rows: number;
  /** Block summaries built (block-summary.ts), one per committed FLOAT/DOUBLE column array. */
  summariesBuilt: number;
  /** Spans of whole blocks (a frame's or a bucket run's) answered from block summaries instead of their rows. */
  summaryFolds: number;
}

export class QueryWorkers {
  readonly stats: WorkerPoolStats = { tasks: 0, cancelled: 0, rows: 0, summariesBuilt: 0, summaryFolds: 0 };
  private readonly workers = new Set<Worker>();
  private readonly free: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private nextJob = 1;
  private closed = false;

  constructor(readonly settings: ParallelSettings, private readonly script = join(__dirname, 'query-worker.js')) {}

  get size(): number {
    return this.settings.workers;
  }

  /** Workers running a job now (a cancelled one counts until its worker has stopped). */
  get running(): number {
    return this.busy.size;
  }

  /**
   * Runs the tasks of one step on the main thread, one after another (ranges too small to be worth a
   * round trip to a worker): the same kernels, so the same results.
   */
  runHere(specs: readonly TaskSpec[], step: ParallelStep): KernelOutput[] {
    return specs.map((spec) => {
      const reply = runKernel({ ...spec, id: 0, cancel: step.cancel.shared, memory: step.budget });
      return outcomeOf(reply, step.signal);
    });
  }

  /**
   * Runs the tasks of one step; resolves with their outputs in order. On the first failure (or the
   * query's cancellation) the step's other tasks are told to stop and its queued jobs dropped, and the
   * first error is thrown once none of its workers runs any more: when a query answers, its workers are idle.
   */
  async runAll(specs: readonly TaskSpec[], step: ParallelStep): Promise<KernelOutput[]> {
    if (this.closed) throw new SvcError('query workers are stopped', 503);
    const tasks: KernelTask[] = specs.map((spec) => ({ ...spec, id: this.nextId++, cancel: step.cancel.shared, memory: step.budget }));
    const job: KernelJob = { job: this.nextJob++, tasks, claim: new Int32Array(new SharedArrayBuffer(4)), collections: sharedCollections() };
    const outputs: (KernelOutput | undefined)[] = new Array<KernelOutput | undefined>(tasks.length).fill(undefined);
    let failure: { error: unknown } | undefined;
    const fail = (error: unknown): void => {
      if (failure) return;
      failure = { error };
      step.cancel.raise();
      this.drop(step, error);
    };
    const take = (reply: KernelJobReply): void => {
      reply.replies.forEach((r, k) => {
        if (failure) return;
        try {
          outputs[reply.indexes[k]] = outcomeOf(r, step.signal);
        } catch (e) {
          fail(e);
        }
      });
    };
    const onAbort = (): void => fail(reasonOf(step.signal));
    step.signal.addEventListener('abort', onAbort, { once: true });
    try {
      const joins = Math.min(this.size, tasks.length);
      await Promise.all(Array.from({ length: joins }, () => this.submit(job, step).then(take, fail)));
      if (failure) throw failure.error;
      if (outputs.some((o) => o === undefined)) throw new Error('query worker job ended with tasks left');
      return outputs as KernelOutput[];
    } finally {
      step.signal.removeEventListener('abort', onAbort);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const error = new SvcError('server is stopping', 503);
    for (const p of this.queue.splice(0)) p.reject(error);
    const workers = [...this.workers];
    this.workers.clear();
    this.free.length = 0;
    for (const [, p] of this.busy) p.reject(error);
    this.busy.clear();
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private submit(job: KernelJob, step: ParallelStep): Promise<KernelJobReply> {
    return new Promise<KernelJobReply>((resolve, reject) => {
      if (step.signal.aborted) { reject(reasonOf(step.signal)); return; }
      this.queue.push({ job, step, resolve, reject });
      this.pump();
    });
  }

  /** Rejects the queued jobs of a step (its running tasks stop on their flag). */
  private drop(step: ParallelStep, error: unknown): void {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      if (this.queue[i].step === step) this.queue.splice(i, 1)[0].reject(error);
    }
  }

  private pump(): void {
    while (this.queue.length > 0) {
      // A job whose tasks the step's other workers have all claimed has nothing left to run.
      if (unclaimed(this.queue[0].job) === 0) {
        const done = this.queue.shift() as Pending;
        done.resolve({ job: done.job.job, indexes: [], replies: [] });
        continue;
      }
      const worker = this.free.pop() ?? this.spawn();
      if (!worker) return;
      const pending = this.queue.shift() as Pending;
      this.busy.set(worker, pending);
      worker.postMessage(pending.job);
    }
  }

  private spawn(): Worker | undefined {
    if (this.closed || this.workers.size >= this.size) return undefined;
    const worker = new Worker(this.script);
    this.workers.add(worker);
    worker.unref();
    worker.on('message', (m: unknown) => { if (isKernelJobReply(m)) this.settle(worker, m); });
    worker.on('error', (e: Error) => this.lose(worker, e));
    worker.on('exit', (code) => this.lose(worker, new Error(`query worker exited with code ${code}`)));
    return worker;
  }

  private settle(worker: Worker, reply: KernelJobReply): void {
    const pending = this.busy.get(worker);
    this.busy.delete(worker);
    if (!this.closed && this.workers.has(worker)) this.free.push(worker);
    for (const r of reply.replies) {
      this.stats.tasks++;
      this.stats.rows += r.rows;
      if (!r.ok && r.reason === 'cancelled') this.stats.cancelled++;
    }
    if (pending && pending.job.job === reply.job) pending.resolve(reply);
    this.pump();
  }

  private lose(worker: Worker, error: Error): void {
    if (!this.workers.delete(worker)) return;
    const pending = this.busy.get(worker);
    this.busy.delete(worker);
    const at = this.free.indexOf(worker);
    if (at >= 0) this.free.splice(at, 1);
    if (pending) pending.reject(new Error(`query worker stopped: ${error.message}`));
    if (!this.closed) this.pump();
  }
}
