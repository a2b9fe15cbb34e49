/**
 * POST /write and /api/v2/write: an InfluxDB line-protocol body, streamed (chunked or not,
 * gzip or not) through one IngestSession, so the request is one transaction: 204 when every line is
 * committed, otherwise nothing of it is and the answer names the first bad line:
 * `{"code":"invalid","message":"failed to parse line protocol:…error in line 3: …","line":3,"errorId":"…"}`.
 * `precision` (`n`/`ns` default, `u`/`us`, `ms`, `s`, `m`, `h`) is the unit of timestamps without suffix.
 * A bad line stops parsing; the rest of the body is still read (and dropped) before the answer, so clients
 * that send the whole body first get it rather than a reset connection.
 */
import { HttpExchange, HttpMethod, HttpRoute } from '../../core/extension/http-route';
import { asExpectedError, INSUFFICIENT_STORAGE, isSvcError } from '../../core/errors';
import { Log } from '../../core/log/log';
import { ErrorResponder } from '../../core/server/error-responder';
import { ErrorShape } from '../../core/server/error-shape';
import { READ_ONLY_MESSAGE, ReadOnlyGuard } from '../../core/server/read-only-guard';
import { CONTENT_TYPE, ResponseFraming } from '../../core/server/response-framing';
import { IngestSession } from '../line-protocol/ingest-session';
import { BackgroundAppends } from './background-appends';
import { LineError } from '../line-protocol/line-error';
import { LineIngestion } from '../line-protocol/line-ingestion';
import { precisionUnit } from '../line-protocol/time-unit';
import { errorBody } from './error-body';
import { drainRequest, requestBody } from './request-body';

export interface WriteRouteServices {
  readonly ingestion: LineIngestion;
  readonly framing: ResponseFraming;
  readonly guard: ReadOnlyGuard;
  readonly responder: ErrorResponder;
  readonly log: Log;
  readonly gzipMaxBytes: number;
  /** `http.decompression.ratio.limit`. */
  readonly ratioLimit: number;
}

export class WriteRoute implements HttpRoute {
  readonly listener = 'api';
  readonly methods: readonly HttpMethod[] = ['POST'];

  constructor(readonly path: string, private readonly s: WriteRouteServices) {}

  /** The line protocol's JSON error body, for answers the dispatcher gives on this path (a 405). */
  readonly errorShape = (): ErrorShape => ({ status, message }) => ({
    status, contentType: CONTENT_TYPE.json,
    body: errorBody(new LineError(message, undefined, status === 405 ? 'not supported' : 'invalid', status), this.s.ingestion.errorIds.next()),
  });

  async handle(exchange: HttpExchange): Promise<void> {
    const { req, params, signal } = exchange;
    const counters = this.s.ingestion.metrics.http;
    let session: IngestSession | undefined;
    try {
      if (this.s.guard.readOnly) throw LineError.request(READ_ONLY_MESSAGE, 'unauthorised');
      const precision = precisionUnit(params.get('precision'));
      if (precision === undefined) throw LineError.request('unsupported precision', 'not supported', 400);
      const length = Number(req.headers['content-length']);
      const gzip = (req.headers['content-encoding'] ?? '') !== '';
      const active = this.s.ingestion.session('http', precision, Number.isFinite(length) && !gzip ? length : undefined);
      session = active;
      const body = requestBody(req, this.s.gzipMaxBytes, (n) => { counters.bytes += n; }, () => active.error !== undefined, this.s.ratioLimit);
      const appends = new BackgroundAppends(active, signal);
      for await (const chunk of body) {
        if (active.error !== undefined) continue;
        const wait = active.feed(chunk);
        if (wait !== undefined) await wait;
        // Parsed rows go to the writers as they come (uncommitted until the end), while the body is still
        // parsed; past the parse buffer reading waits for the running append.
        if (active.error === undefined) await appends.after(this.s.ingestion.bufferBytes);
      }
      await appends.finish();
      active.end();
      await active.write(signal);
      const rows = await active.commit();
      this.s.ingestion.metrics.committed('http', rows);
      this.s.framing.begin(exchange.res, { status: 204 });
      exchange.res.end();
    } catch (e) {
      await session?.rollback().catch((r: unknown) => this.s.responder.unhandled('ILP rollback', r));
      if (signal.aborted || exchange.res.headersSent) return;
      // Refused before or while reading the body (read-only, precision, encoding, a size limit): read the rest first.
      await drainRequest(req);
      if (signal.aborted) return;
      this.fail(exchange, e);
    } finally {
      await session?.close().catch((r: unknown) => this.s.responder.unhandled('ILP close', r));
    }
  }

  private fail(exchange: HttpExchange, e: unknown): void {
    let error = asLineError(e);
    if (error === undefined) {
      // Not the client's fault: Critical, svc_unhandled_errors_total, and still the ILP error shape.
      this.s.responder.unhandled(`${exchange.req.method} ${exchange.path}`, e);
      error = new LineError(`internal error: ${e instanceof Error ? e.message : String(e)}`, undefined, 'internal error');
    }
    const errorId = this.s.ingestion.errorIds.next();
    if (error.line !== undefined && error.line > 0) this.s.ingestion.metrics.http.rejectedLines++;
    this.s.log.error(`line protocol request rejected [errorId=${errorId}, status=${error.status}${error.line === undefined || error.line === 0 ? '' : `, line=${error.line}`}] ${error.message}`);
    this.s.framing.send(exchange.res, error.status, CONTENT_TYPE.json, errorBody(error, errorId));
  }
}

/**
 * Our own errors as the ILP answer: a LineError, a storage refusal (a busy table is worth a retry), or a full
 * disk: 507 with QuestDB's code for a failed commit, `internal error` (its clients retry a 507 as they retry a 500).
 */
function asLineError(e: unknown): LineError | undefined {
  if (e instanceof LineError) return e;
  if (isSvcError(e) && e.statusCode < 500) {
    return e.statusCode === 409 ? new LineError(e.message, undefined, 'retry operation') : new LineError(e.message, undefined, 'invalid');
  }
  const expected = asExpectedError(e);
  if (expected?.statusCode === INSUFFICIENT_STORAGE) return new LineError(expected.message, undefined, 'internal error', INSUFFICIENT_STORAGE);
  return undefined;
}
