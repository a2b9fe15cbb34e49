/**
 * A query worker thread (QueryWorkers starts `shared.worker.count` of them): joins one step at a time,
 * claiming and running its kernel tasks (kernel-job.ts), and answers each job with one KernelJobReply.
 * It holds no state between jobs but compiled kernels; it counts the shared bytes its jobs referenced so it
 * collects its views of them in time (core/data/shared-buffers.ts).
 */
import { parentPort } from 'node:worker_threads';
import { noteSharedBytes } from '../data/shared-buffers';
import { isKernelJob, KernelJob, runJob } from './kernel-job';

/** Bytes of the distinct shared buffers a job's tasks read: this thread's views keep them alive until it collects. */
function referencedBytes(job: KernelJob): number {
  const seen = new Set<ArrayBufferLike>();
  let bytes = 0;
  for (const t of job.tasks) {
    for (const c of t.columns) {
      if (!seen.has(c.buffer)) { seen.add(c.buffer); bytes += c.buffer.byteLength; }
    }
  }
  return bytes;
}

const port = parentPort;
if (port) {
  port.on('message', (m: unknown) => {
    if (!isKernelJob(m)) return;
    // No transfer list: see run-kernel.ts.
    port.postMessage(runJob(m));
    noteSharedBytes(referencedBytes(m));
  });
}
