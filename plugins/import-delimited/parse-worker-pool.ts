/**
 * CSV parse workers (parse-worker.ts) kept between uploads (core/extension/warm-worker-pool.ts): a new
 * worker costs ~40 ms to start, and its parsing code, its batch slabs and its heap all start cold, which
 * the first megabytes of every upload paid for again. A lane whose upload ended with `done` goes back
 * healthy; one whose upload failed or was cut off mid-way is terminated.
 */
import { join } from 'node:path';
import { WarmWorkerPool } from '../../core/extension/warm-worker-pool';

export class ParseWorkerPool extends WarmWorkerPool {
  /** `maxIdle` 0: a worker per upload, ended with it. */
  constructor(maxIdle = 4, idleMs = 60_000) {
    super('csv-parse-worker-pool', join(__dirname, 'parse-worker.js'), maxIdle, idleMs);
  }
}
