/**
 * Decoding workers kept between Parquet uploads (core/extension/warm-worker-pool.ts): compiling and warming
 * parquet-wasm's code costs more than decoding a million rows. At most `decoders` work at once
 * (decoder-slots.ts: further uploads wait, past the queue a 503). Each worker gets the decoder's budget as
 * its workerData (a WebAssembly memory maximum) and a small JavaScript heap. A worker
 * whose upload failed is terminated, so a damaged file never leaves a broken decoder, and so is one whose
 * WebAssembly memory grew past a quarter of the limit (that memory never shrinks): a waiting decoder holds
 * at most that.
 */
import { join } from 'node:path';
import { WarmWorkerPool } from '../../core/extension/warm-worker-pool';
import { DecoderSlots } from './decoder-slots';
import { WorkerLease } from './parquet-worker-client';
import { ParquetWorkerData } from './parquet-worker-protocol';

export interface DecoderPoolSettings extends ParquetWorkerData {
  /** `http.import.parquet.decoders`. */
  readonly decoders: number;
  /** `http.import.parquet.decoder.queue`. */
  readonly queue: number;
}

/** The decoder's JavaScript side holds messages and IPC buffers only; Arrow data lives in WebAssembly memory. */
const DECODER_HEAP_MB = 256;

export class ParquetWorkerPool extends WarmWorkerPool {
  private readonly slots: DecoderSlots;
  /** A worker whose WebAssembly memory grew past this is not kept. */
  readonly keepBytes: number;

  constructor(settings: DecoderPoolSettings, maxIdle = 2, idleMs = 60_000) {
    const workerData: ParquetWorkerData = { memoryLimit: settings.memoryLimit };
    super('parquet-worker-pool', join(__dirname, 'parquet-read-worker.js'), Math.min(maxIdle, settings.decoders), idleMs,
      { workerData, resourceLimits: { maxOldGenerationSizeMb: DECODER_HEAP_MB } });
    this.slots = new DecoderSlots(settings.decoders, settings.queue);
    this.keepBytes = settings.memoryLimit > 0 ? settings.memoryLimit / 4 : 256 * 1024 * 1024;
  }

  /** Decoders busy and uploads waiting for one. */
  get decoderState(): { readonly busy: number; readonly waiting: number } {
    return this.slots.state;
  }

  /** A worker for one upload once a decoder is free (waits in line; 503 past it), given back once through its lease. */
  async leaseDecoder(signal?: AbortSignal): Promise<WorkerLease> {
    const releaseSlot = await this.slots.acquire(signal);
    const worker = this.lease();
    let released = false;
    return {
      worker,
      release: (healthy: boolean, memory = 0): void => {
        if (released) return;
        released = true;
        this.release(worker, healthy && memory <= this.keepBytes);
        releaseSlot();
      },
    };
  }
}
