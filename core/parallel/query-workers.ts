/**
 * The query worker pool: a fixed set of worker threads (`shared.worker.count`, default one per core),
 * started on first use, that run kernel tasks over shared column memory. Tasks queue when every worker
 * is busy; a step's outputs come back in task order, so partial states merge in row order. A cancelled
 * step drops its queued tasks at once and its running ones stop within a block (their flag is raised).
 * A worker that dies (an uncaught error, out of memory) fails its task and is replaced on next use.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { SvcError } from '../errors';
import { reasonOf } from '../sql/query-cancellation';
import { isKernelReply, KernelOutput, KernelReply, KernelTask } from './kernel-task';
import { outcomeOf } from './kernel-outcome';
import { ParallelSettings } from './parallel-settings';
import { ParallelStep } from './parallel-step';
import { runKernel } from './run-kernel';

export type TaskSpec = Omit<KernelTask, 'id' | 'cancel' | 'memory'>;

interface Pending {
  readonly task: KernelTask;
  readonly step: ParallelStep;
  readonly resolve: (o: KernelOutput) => void;
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
}

export class QueryWorkers {
  readonly stats: WorkerPoolStats = { tasks: 0, cancelled: 0, rows: 0 };
  private readonly workers = new Set<Worker>();
  private readonly free: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(readonly settings: ParallelSettings, private readonly script = join(__dirname, 'query-worker.js')) {}

  get size(): number {
    return this.settings.workers;
  }

  /** Workers running a task now (a cancelled task counts until its worker has stopped). */
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
   * query's cancellation) the step's other tasks are told to stop and dropped from the queue, and the
   * first error is thrown once none of them runs any more: when a query answers, its workers are idle.
   */
  async runAll(specs: readonly TaskSpec[], step: ParallelStep): Promise<KernelOutput[]> {
    if (this.closed) throw new SvcError('query workers are stopped', 503);
    let failure: { error: unknown } | undefined;
    const fail = (error: unknown): void => {
      if (failure) return;
      failure = { error };
      step.cancel.raise();
      this.drop(step, error);
    };
    const onAbort = (): void => fail(reasonOf(step.signal));
    step.signal.addEventListener('abort', onAbort, { once: true });
    try {
      const settled = await Promise.allSettled(specs.map((spec) => this.submit(spec, step).catch((e: unknown) => { fail(e); throw e; })));
      if (failure) throw failure.error;
      return settled.map((r) => (r.status === 'fulfilled' ? r.value : {}));
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

  private submit(spec: TaskSpec, step: ParallelStep): Promise<KernelOutput> {
    return new Promise<KernelOutput>((resolve, reject) => {
      if (step.signal.aborted) { reject(reasonOf(step.signal)); return; }
      const task: KernelTask = { ...spec, id: this.nextId++, cancel: step.cancel.shared, memory: step.budget };
      const pending: Pending = { task, step, resolve, reject };
      this.queue.push(pending);
      this.pump();
    });
  }

  /** Rejects the queued tasks of a step (its running tasks stop on their flag). */
  private drop(step: ParallelStep, error: unknown): void {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      if (this.queue[i].step === step) this.queue.splice(i, 1)[0].reject(error);
    }
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const worker = this.free.pop() ?? this.spawn();
      if (!worker) return;
      const pending = this.queue.shift() as Pending;
      this.busy.set(worker, pending);
      worker.postMessage(pending.task);
    }
  }

  private spawn(): Worker | undefined {
    if (this.closed || this.workers.size >= this.size) return undefined;
    const worker = new Worker(this.script);
    this.workers.add(worker);
    worker.unref();
    worker.on('message', (m: unknown) => { if (isKernelReply(m)) this.settle(worker, m); });
    worker.on('error', (e: Error) => this.lose(worker, e));
    worker.on('exit', (code) => this.lose(worker, new Error(`query worker exited with code ${code}`)));
    return worker;
  }

  private settle(worker: Worker, reply: KernelReply): void {
    const pending = this.busy.get(worker);
    this.busy.delete(worker);
    if (!this.closed && this.workers.has(worker)) this.free.push(worker);
    this.stats.tasks++;
    this.stats.rows += reply.rows;
    if (!reply.ok && reply.reason === 'cancelled') this.stats.cancelled++;
    if (pending && pending.task.id === reply.id) {
      try {
        pending.resolve(outcomeOf(reply, pending.step.signal));
      } catch (e) {
        pending.reject(e);
      }
    }
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
