/**
 * A query worker thread (QueryWorkers starts `shared.worker.count` of them): joins one step at a time,
 * claiming and running its kernel tasks (kernel-job.ts), and answers each job with one KernelJobReply.
 * It holds no state between jobs but compiled kernels; after a job it collects when the main thread has
 * collected since its last job, so its views of dropped buffers go too (core/data/shared-buffers.ts).
 */
import { parentPort } from 'node:worker_threads';
import { followCollections } from '../data/shared-buffers';
import { isKernelJob, runJob } from './kernel-job';

const port = parentPort;
if (port) {
  port.on('message', (m: unknown) => {
    if (!isKernelJob(m)) return;
    // No transfer list: see run-kernel.ts.
    port.postMessage(runJob(m));
    followCollections(m.collections);
  });
}
