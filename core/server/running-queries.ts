/**
 * The queries /exec and /exp are running, by `query_id` (svc's own, beyond QuestDB's API): the client's id
 * (`query_id=…`) or one the server made up, answered in the `X-Svc-Query-Id` header. Another connection
 * can read a query's progress (`GET /exec?query_id=…` without `query`) or cancel it (`DELETE
 * /exec?query_id=…` or `GET /exec?cancel=…`). One registry per server (registered by the http-exec plugin).
 */
import { randomBytes } from 'node:crypto';
import { SvcError } from '../errors';
import { QueryProgress } from '../sql/query-engine';

export const QUERY_ID_HEADER = 'X-Svc-Query-Id';
const QUERY_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export class RunningQuery implements QueryProgress {
  rowsScanned = 0;
  /** Rows written to the response so far. */
  rowsReturned = 0;
  readonly startedAt = Date.now();

  constructor(readonly id: string, readonly endpoint: string, readonly query: string, private readonly onCancel: (reason: SvcError) => void) {}

  /** Stops the query; its request answers `cancelled by user [query_id=…]`. */
  cancel(): void {
    this.onCancel(new SvcError(`cancelled by user [query_id=${this.id}]`, 400, 0));
  }

  /** The progress object: `{query_id, endpoint, query, rowsScanned, rowsReturned, elapsedMs}`. */
  toJson(): string {
    return JSON.stringify({
      query_id: this.id, endpoint: this.endpoint, query: this.query,
      rowsScanned: this.rowsScanned, rowsReturned: this.rowsReturned, elapsedMs: Date.now() - this.startedAt,
    });
  }
}

export class RunningQueries {
  private readonly byId = new Map<string, RunningQuery>();
  /** Generated ids: 8 random hex digits per server, then a counter (a random id per query cost a crypto call). */
  private readonly idPrefix = randomBytes(4).toString('hex');
  private idCounter = 0;

  private newId(): string {
    this.idCounter = (this.idCounter + 1) >>> 0;
    return this.idPrefix + this.idCounter.toString(16).padStart(8, '0');
  }

  /** Checks a client's `query_id`; undefined when absent. Throws 400 for a malformed one. */
  static parseId(text: string | null): string | undefined {
    if (text === null || text === '') return undefined;
    if (!QUERY_ID.test(text)) throw new SvcError(`invalid query_id [query_id=${text}], expected 1-64 letters, digits or ._:-`, 400, 0);
    return text;
  }

  /** Registers a query under `id` (or a new id); a query_id already running is a 400. Call `end` when done. */
  start(id: string | undefined, endpoint: string, query: string, onCancel: (reason: SvcError) => void): RunningQuery {
    const key = id ?? this.newId();
    if (this.byId.has(key)) throw new SvcError(`query_id is already in use [query_id=${key}]`, 400, 0);
    const running = new RunningQuery(key, endpoint, query, onCancel);
    this.byId.set(key, running);
    return running;
  }

  end(running: RunningQuery): void {
    if (this.byId.get(running.id) === running) this.byId.delete(running.id);
  }

  get(id: string): RunningQuery | undefined {
    return this.byId.get(id);
  }

  get size(): number {
    return this.byId.size;
  }
}
