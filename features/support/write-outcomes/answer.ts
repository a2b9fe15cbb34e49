/**
 * What a write's client was told: success, an error (with its text), or nothing at all (the connection was
 * cut, by the client or by a killed server). The write-outcome rule compares it with what the table holds.
 */
export type Answer =
  | { readonly kind: 'success'; readonly detail: string }
  /** `code`: the HTTP status (`"507"`) or the SQLSTATE (`"53100"`) it came with, when the client saw one. */
  | { readonly kind: 'error'; readonly message: string; readonly code?: string }
  /**
   * `uncommitted`: the connection ended inside a transaction block before its COMMIT was sent, so none of
   * the write may remain.
   */
  | { readonly kind: 'none'; readonly reason: string; readonly uncommitted?: boolean };

export const success = (detail: string): Answer => ({ kind: 'success', detail });
export const failure = (message: string, code?: string): Answer => ({ kind: 'error', message, code });
export const noAnswer = (reason: string, uncommitted = false): Answer => ({ kind: 'none', reason, uncommitted });

export function describeAnswer(a: Answer): string {
  switch (a.kind) {
    case 'success': return `success (${a.detail})`;
    case 'error': return `error${a.code === undefined ? '' : ` ${a.code}`} "${a.message}"`;
    case 'none': return `no answer (${a.reason}${a.uncommitted ? ', before COMMIT was sent' : ''})`;
  }
}

/** A write in flight: its answer when it comes, and the client's way to cut it. */
export interface RunningWrite {
  readonly answer: Promise<Answer>;
  /** Resolves once the request (or most of it) has reached the server, so a stop lands while it works. */
  readonly started: Promise<void>;
  /** Closes the client's connection without waiting for the answer. */
  cut(): void;
}
