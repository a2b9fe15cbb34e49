/**
 * Counts unhandled errors (`svc_unhandled_errors_total`). The count also lives in a SharedArrayBuffer so
 * a health listener running in a worker thread can read it without asking the (maybe busy) main thread.
 */
export class ErrorCounter {
  readonly shared = new Int32Array(new SharedArrayBuffer(4));

  get count(): number {
    return Atomics.load(this.shared, 0);
  }

  increment(): void {
    Atomics.add(this.shared, 0, 1);
  }
}
