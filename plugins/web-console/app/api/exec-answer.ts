/**
 * What GET /exec answers, narrowed from unknown JSON: rows (`columns`, `dataset`, `count`, `timings`),
 * `{"ddl":"OK"}`, `{"dml":"OK","updated":N}`, or an error with the character position it refers to.
 */
export interface ExecColumn {
  readonly name: string;
  readonly type: string;
}

/** Server timings in nanoseconds (`timings=true`). */
export interface ExecTimings {
  readonly authentication?: number;
  readonly compiler?: number;
  readonly execute?: number;
  readonly count?: number;
}

export interface RowsAnswer {
  readonly kind: 'rows';
  readonly columns: readonly ExecColumn[];
  readonly dataset: readonly (readonly unknown[])[];
  readonly count: number;
  /** Index of the designated timestamp column, -1 without one. */
  readonly timestamp: number;
  readonly timings?: ExecTimings;
}

export interface StatementAnswer {
  readonly kind: 'ddl' | 'dml';
  readonly updated?: number;
}

export interface ErrorAnswer {
  readonly kind: 'error';
  readonly message: string;
  /** 0-based character offset into the query that was sent. */
  readonly position?: number;
  readonly status: number;
}

export type ExecAnswer = RowsAnswer | StatementAnswer | ErrorAnswer;

type JsonObject = Record<string, unknown>;

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isColumn(v: unknown): v is ExecColumn {
  return isObject(v) && typeof v.name === 'string' && typeof v.type === 'string';
}

function timingsOf(v: unknown): ExecTimings | undefined {
  if (!isObject(v)) return undefined;
  const n = (x: unknown): number | undefined => (typeof x === 'number' ? x : undefined);
  return { authentication: n(v.authentication), compiler: n(v.compiler), execute: n(v.execute), count: n(v.count) };
}

/** Narrows a parsed /exec body; `columns` may be absent (`nm=true` pages) and are then taken from `known`. */
export function execAnswer(body: unknown, status: number, known: readonly ExecColumn[] = []): ExecAnswer {
  if (!isObject(body)) return { kind: 'error', message: `unexpected answer from the server [status=${status}]`, status };
  if (typeof body.error === 'string') {
    const position = typeof body.position === 'number' ? body.position : typeof body.errorPos === 'number' ? body.errorPos : undefined;
    return { kind: 'error', message: body.error, status, ...(position !== undefined && position >= 0 ? { position } : {}) };
  }
  if (body.ddl !== undefined) return { kind: 'ddl' };
  if (body.dml !== undefined) return { kind: 'dml', ...(typeof body.updated === 'number' ? { updated: body.updated } : {}) };
  if (Array.isArray(body.dataset)) {
    const columns = Array.isArray(body.columns) && body.columns.every(isColumn) ? body.columns : known;
    const dataset = body.dataset.filter((r): r is unknown[] => Array.isArray(r));
    const timings = timingsOf(body.timings);
    return {
      kind: 'rows', columns, dataset,
      count: typeof body.count === 'number' ? body.count : dataset.length,
      timestamp: typeof body.timestamp === 'number' ? body.timestamp : -1,
      ...(timings ? { timings } : {}),
    };
  }
  return { kind: 'error', message: `unexpected answer from the server [status=${status}]`, status };
}
