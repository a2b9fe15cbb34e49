/**
 * The bound on Parquet decoders (`http.import.parquet.decoders`): an upload holds a slot while its worker
 * decodes it. An upload that finds every slot taken waits in line (first come, first served), at most
 * `http.import.parquet.decoder.queue` of them; one more is refused at once with a 503 the client may retry.
 * A waiting upload whose client goes away leaves the line.
 */
import { SvcError } from '../../core/errors';

interface Waiter {
  readonly grant: (release: () => void) => void;
  readonly abandon: () => void;
}

export class DecoderSlots {
  private busy = 0;
  private readonly line: Waiter[] = [];

  constructor(readonly capacity: number, readonly queueLimit: number) {}

  /** Uploads decoding now and waiting (tests, metrics). */
  get state(): { readonly busy: number; readonly waiting: number } {
    return { busy: this.busy, waiting: this.line.length };
  }

  /** Resolves with the slot's release once one is free; rejects with a 503 when the line is full. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.busy < this.capacity) {
      this.busy++;
      return Promise.resolve(this.releaser());
    }
    if (this.line.length >= this.queueLimit) {
      return Promise.reject(new SvcError(`all ${this.capacity} Parquet decoders are busy and ${this.line.length} uploads wait for one; `
        + `retry later [http.import.parquet.decoders=${this.capacity}, http.import.parquet.decoder.queue=${this.queueLimit}]`, 503));
    }
    return new Promise((resolve, reject) => {
      const onAbort = (): void => waiter.abandon();
      const waiter: Waiter = {
        grant: (release) => { signal?.removeEventListener('abort', onAbort); resolve(release); },
        abandon: () => {
          const i = this.line.indexOf(waiter);
          if (i >= 0) this.line.splice(i, 1);
          reject(signal?.reason ?? new Error('abandoned'));
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.line.push(waiter);
    });
  }

  /** A release that works once: the slot passes to the first in line, or becomes free. */
  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.line.shift();
      if (next) next.grant(this.releaser());
      else this.busy--;
    };
  }
}
