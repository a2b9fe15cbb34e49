/**
 * Decoding workers kept between Parquet uploads (core/extension/warm-worker-pool.ts): compiling and warming
 * parquet-wasm's code costs more than decoding a million rows. A worker whose upload failed is terminated,
 * so a damaged file never leaves a broken decoder; a waiting worker keeps the WebAssembly memory its largest
 * row group needed.
 */
import { join } from 'node:path';
import { WarmWorkerPool } from '../../core/extension/warm-worker-pool';
import { WorkerLease } from './parquet-worker-client';

export class ParquetWorkerPool extends WarmWorkerPool {
  constructor(maxIdle = 2, idleMs = 60_000) {
    super('parquet-worker-pool', join(__dirname, 'parquet-read-worker.js'), maxIdle, idleMs);
  }

  /** A worker for one upload, given back once through its lease. */
  leaseDecoder(): WorkerLease {
    const worker = this.lease();
    let released = false;
    return {
      worker,
      release: (healthy: boolean): void => {
        if (released) return;
        released = true;
        this.release(worker, healthy);
      },
    };
  }
}
