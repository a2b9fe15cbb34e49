/**
 * One parallel step's tasks as a worker takes them: every worker that joins the step gets the whole task
 * list once and claims the next unclaimed task with `Atomics.add` on the step's shared counter until none
 * is left, then answers once with the replies of the tasks it ran. A worker slowed down (preempted, or
 * late to wake) claims fewer tasks, as with a queue on the main thread, but no task waits for the main
 * thread to wake, read a reply and post the next one: a step costs each worker one message each way
 * (measured before: 0.1 ms per task hop when both cores were free, up to 1.7 ms when they were not).
 * A task that does not finish (cancelled, over the memory budget, failed) ends the claiming for every
 * worker of the step: its outcome fails the query anyway.
 */
import { runKernel } from './run-kernel';
import { KernelReply, KernelTask } from './kernel-task';

export interface KernelJob {
  readonly job: number;
  readonly tasks: readonly KernelTask[];
  /** The step's claim counter, shared by its workers: the index of the next task to run. */
  readonly claim: Int32Array;
  /** The main thread's shared-buffer collections when the job was made (shared-buffers.ts: followCollections). */
  readonly collections: number;
}

export interface KernelJobReply {
  readonly job: number;
  /** The indexes (into the job's tasks) of the tasks this worker ran, in the order it ran them. */
  readonly indexes: readonly number[];
  readonly replies: readonly KernelReply[];
}

export function runJob(job: KernelJob, run: (task: KernelTask) => KernelReply = runKernel): KernelJobReply {
  const indexes: number[] = [];
  const replies: KernelReply[] = [];
  const n = job.tasks.length;
  for (let i = Atomics.add(job.claim, 0, 1); i < n; i = Atomics.add(job.claim, 0, 1)) {
    const reply = run(job.tasks[i]);
    indexes.push(i);
    replies.push(reply);
    if (!reply.ok) {
      Atomics.store(job.claim, 0, n);
      break;
    }
  }
  return { job: job.job, indexes, replies };
}

/** Tasks of the job no worker has claimed yet. */
export function unclaimed(job: KernelJob): number {
  return Math.max(0, job.tasks.length - Atomics.load(job.claim, 0));
}

export function isKernelJob(m: unknown): m is KernelJob {
  if (typeof m !== 'object' || m === null) return false;
  const j = m as { job?: unknown; tasks?: unknown; claim?: unknown; collections?: unknown };
  return typeof j.job === 'number' && Array.isArray(j.tasks) && j.claim instanceof Int32Array && typeof j.collections === 'number';
}

export function isKernelJobReply(m: unknown): m is KernelJobReply {
  if (typeof m !== 'object' || m === null) return false;
  const r = m as { job?: unknown; indexes?: unknown; replies?: unknown };
  return typeof r.job === 'number' && Array.isArray(r.indexes) && Array.isArray(r.replies);
}
