/**
 * A BlockSource whose parsing runs on a parse worker (ParsePool): bytes go to an idle worker at once (TCP) or
 * once 256 KiB are staged (HTTP, which only needs its end), are staged into buffers of up to 1 MiB while it is
 * busy, then copied to it; `take` sends what is staged and brings the parsed blocks back. At most
 * 4 MiB are in flight to the worker (`feed` returns a promise to wait on beyond that), so a fast sender cannot
 * queue unbounded memory.
 */
import { fromWire } from './block-transfer';
import { BlockSource } from './block-source';
import { LineError } from './line-error';
import { TableBlock } from './table-block';
import { ParseReply, ParseRequest, WireError } from './worker-protocol';

const STAGE_BYTES = 1 << 20;
/** What a session that waits for its end (HTTP) sends an idle worker at a time. */
export const BATCH_BYTES = STAGE_BYTES / 4;
const MAX_IN_FLIGHT = 4 << 20;

/** How a RemoteSource reaches its worker (ParsePool implements it). */
export interface WorkerChannel {
  post(message: ParseRequest): void;
  /** Stops routing replies to this session. */
  detach(): void;
}

export class RemoteSource implements BlockSource {
  error: LineError | undefined;
  bufferedBytes = 0;
  bufferedRows = 0;
  pendingLineBytes = 0;
  private stage = newStage(STAGE_BYTES);
  private staged = 0;
  private inFlight = 0;
  private ended = false;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;
  private pendingTake: { resolve: (blocks: TableBlock[]) => void; reject: (e: Error) => void } | undefined;

  /**
   * @param batchBytes an idle worker gets the staged bytes once this many are staged: 1 sends every chunk at
   *   once (TCP: a line is parsed as soon as it arrives); more saves messages where only the end counts (HTTP)
   */
  constructor(readonly id: number, private readonly channel: WorkerChannel, private readonly batchBytes = 1) {}

  feed(chunk: Uint8Array): void | Promise<void> {
    if (this.failure) throw this.failure;
    for (let o = 0; o < chunk.length;) {
      const n = Math.min(chunk.length - o, STAGE_BYTES - this.staged);
      this.stage.set(chunk.subarray(o, o + n), this.staged);
      this.staged += n;
      o += n;
      if (this.staged === STAGE_BYTES) this.send();
    }
    // An idle worker gets the bytes once a batch is staged; a busy one gets them batched when it answers.
    if (this.inFlight === 0 && this.staged >= this.batchBytes) this.send();
    if (this.inFlight <= MAX_IN_FLIGHT) return undefined;
    return new Promise((resolve) => { this.wake = resolve; });
  }

  end(): void {
    this.ended = true;
  }

  get unparsedBytes(): number {
    return this.inFlight + this.staged;
  }

  take(): Promise<TableBlock[]> {
    if (this.failure) return Promise.reject(this.failure);
    this.send();
    return new Promise((resolve, reject) => {
      this.pendingTake = { resolve, reject };
      this.channel.post({ type: 'take', id: this.id, end: this.ended });
    });
  }

  close(): void {
    this.channel.post({ type: 'close', id: this.id });
    this.channel.detach();
  }

  /** A reply from the worker for this session. */
  receive(reply: ParseReply): void {
    switch (reply.type) {
      case 'fed':
        this.inFlight -= reply.bytes;
        this.bufferedBytes = reply.bufferedBytes;
        this.bufferedRows = reply.bufferedRows;
        this.pendingLineBytes = reply.pendingLineBytes;
        this.error ??= lineError(reply.error);
        if (this.inFlight === 0 && this.staged >= this.batchBytes) this.send();
        if (this.inFlight <= MAX_IN_FLIGHT / 2) this.release();
        return;
      case 'blocks': {
        this.error ??= lineError(reply.error);
        this.bufferedBytes = 0;
        this.bufferedRows = 0;
        const take = this.pendingTake;
        this.pendingTake = undefined;
        take?.resolve(reply.blocks.map((w) => fromWire(w)));
        return;
      }
      case 'failed':
        this.fail(new Error(`line protocol parse worker failed: ${reply.message}`));
    }
  }

  /** The worker is gone or failed: every wait ends with the error. */
  fail(e: Error): void {
    this.failure ??= e;
    this.release();
    const take = this.pendingTake;
    this.pendingTake = undefined;
    take?.reject(this.failure);
  }

  private release(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  private send(): void {
    const n = this.staged;
    if (n === 0) return;
    // Copied to the worker, never transferred (see worker-protocol.ts): a full stage as it is, a small one
    // sliced first so a few lines do not copy the whole stage. The stage stays and is reused.
    const buffer = n >= STAGE_BYTES / 4 ? this.stage.buffer as ArrayBuffer : this.stage.slice(0, n).buffer;
    this.channel.post({ type: 'feed', id: this.id, buffer, length: n });
    this.inFlight += n;
    this.staged = 0;
  }
}

/**
 * Staging bytes: a plain Uint8Array (its `slice` copies, unlike Buffer's) on an ArrayBuffer of its own (it is
 * posted whole), not zero-filled (only staged bytes are read).
 */
export function newStage(size: number): Uint8Array {
  return new Uint8Array(Buffer.allocUnsafeSlow(size).buffer, 0, size);
}

function lineError(e: WireError | undefined): LineError | undefined {
  if (e === undefined) return undefined;
  return new LineError(e.message, e.line, e.status === 413 ? 'request too large' : 'invalid', e.status);
}
