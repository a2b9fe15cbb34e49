/**
 * A query worker thread (QueryWorkers starts `shared.worker.count` of them): runs kernel tasks one at a
 * time and answers each with a KernelReply. It holds no state between tasks but compiled kernels.
 */
import { parentPort } from 'node:worker_threads';
import { isKernelTask } from './kernel-task';
import { runKernel } from './run-kernel';

const port = parentPort;
if (port) {
  port.on('message', (m: unknown) => {
    if (!isKernelTask(m)) return;
    // No transfer list: see run-kernel.ts.
    port.postMessage(runKernel(m));
  });
}
