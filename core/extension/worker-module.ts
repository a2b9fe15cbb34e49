/**
 * Code the min listener's worker thread loads by itself, so the min listener answers while the main
 * thread is busy (`http.min.worker.count` gives it a dedicated worker).
 * The worker cannot reach the main thread's container: it `require`s `module` (an absolute path to a
 * CommonJS file) and calls its factory with `options`.
 */
export interface WorkerModule {
  /** Absolute path of the compiled module (use `__filename`-relative paths, e.g. `join(__dirname, 'x.js')`). */
  readonly module: string;
  /**
   * Handed to the module's factory. Must survive structured cloning (postMessage): plain data,
   * typed arrays; a view over a SharedArrayBuffer stays shared with the main thread.
   */
  readonly options: unknown;
}
