/**
 * Waits for `work` unless `signal` aborts first. The route uses it so that `timeout` and a client
 * that went away take effect even while the engine is inside one long step (an aggregation over a
 * billion rows) that does not look at the signal. The abandoned promise is kept from becoming an
 * unhandled rejection.
 */
export class Aborted extends Error {
  constructor() {
    super('aborted');
  }
}

export function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(new Aborted());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      work.catch(() => undefined);
      reject(new Aborted());
    };
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => { signal.removeEventListener('abort', onAbort); resolve(v); },
      (e: unknown) => { signal.removeEventListener('abort', onAbort); reject(e); },
    );
  });
}
