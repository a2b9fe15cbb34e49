/**
 * GET /exec: compiles and runs one SQL statement and answers JSON, with the values of its bind parameters
 * (`$1`, `:name`) from the request (bind-values.ts).
 * SELECT results stream (exec-result-stream.ts); DDL answers `{"ddl":"OK"}`, INSERT `{"dml":"OK"}`, UPDATE
 * `{"dml":"OK","updated":n}`. Errors are `{query, error, position}` with 400 (SQL and engine errors), 403
 * (`http.security.readonly` and a statement that writes) or 500 (anything unexpected, which also counts as
 * an unhandled error). HEAD compiles only and answers without a body.
 */
import { inject, injectable } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import {
  HTTP_CONTEXT_EXECUTE, HTTP_EXEC_BODY_MAX_SIZE, HTTP_QUERY_CACHE_BLOCK_COUNT, HTTP_QUERY_CACHE_ENABLED, HTTP_QUERY_CACHE_ROW_COUNT, HTTP_MAX_RESPONSE_ROWS, HTTP_SECURITY_READONLY, QUERY_TIMEOUT,
} from '../../core/config/server-keys';
import { asExpectedError, errorMessage, SvcError } from '../../core/errors';
import { HttpExchange, HttpMethod, HttpRoute } from '../../core/extension/http-route';
import { Log, LogFactory } from '../../core/log/log';
import { ServerMetrics } from '../../core/metrics/server-metrics';
import { ErrorResponder } from '../../core/server/error-responder';
import { ErrorShape } from '../../core/server/error-shape';
import { CONTENT_TYPE, ResponseFraming } from '../../core/server/response-framing';
import { QUERY_ID_HEADER, RunningQueries, RunningQuery } from '../../core/server/running-queries';
import { CompiledQuery, QueryEngine, QueryOutcome } from '../../core/sql/query-engine';
import { DDL_OK, DML_OK, emptyQueryBody, queryErrorShape, updatedBody } from './exec-bodies';
import { bindValues } from './bind-values';
import { capLimit } from './exec-limit';
import { ExecParams, parseExecParams } from './exec-params';
import { execRequest } from './exec-request';
import { answerQueryControl } from './query-control';
import { streamResult } from './exec-result-stream';
import { ChunkPool } from './chunk-pool';
import { QueryCache } from './query-cache';
import { SINK_BUFFER_BYTES } from './json-sink';
import { QueryDeadline } from './query-deadline';
import { socketFd } from './socket-fd';

export const WRITE_PERMISSION_DENIED = 'Write permission denied';

@injectable()
export class ExecRoute implements HttpRoute {
  readonly listener = 'api';
  readonly path: string;
  readonly methods: readonly HttpMethod[] = ['GET', 'HEAD', 'POST', 'DELETE'];
  private readonly readonly: boolean;
  private readonly timeoutMs: number;
  private readonly maxRows: number;
  private readonly maxBodyBytes: number;
  private readonly log: Log;
  private readonly chunks = new ChunkPool(SINK_BUFFER_BYTES);
  private readonly cache: QueryCache;
  readonly errorShape = (exchange: HttpExchange): ErrorShape => queryErrorShape(exchange.params.get('query') ?? '');

  constructor(
    @inject(ServerConfig) config: ServerConfig,
    @inject(QueryEngine, { isOptional: true }) private readonly engine: QueryEngine | undefined,
    @inject(ResponseFraming) private readonly framing: ResponseFraming,
    @inject(ErrorResponder) private readonly responder: ErrorResponder,
    @inject(ServerMetrics) private readonly metrics: ServerMetrics,
    @inject(LogFactory) logs: LogFactory,
    @inject(RunningQueries) private readonly running: RunningQueries,
  ) {
    this.path = config.get(HTTP_CONTEXT_EXECUTE) ?? '/exec';
    this.readonly = config.get(HTTP_SECURITY_READONLY);
    this.timeoutMs = config.get(QUERY_TIMEOUT);
    this.maxRows = config.get(HTTP_MAX_RESPONSE_ROWS);
    this.maxBodyBytes = config.get(HTTP_EXEC_BODY_MAX_SIZE);
    this.cache = new QueryCache(config.get(HTTP_QUERY_CACHE_ENABLED) ? config.get(HTTP_QUERY_CACHE_BLOCK_COUNT) * config.get(HTTP_QUERY_CACHE_ROW_COUNT) : 0);
    this.log = logs.create('http-exec');
  }

  async handle(exchange: HttpExchange): Promise<void> {
    const { req, res } = exchange;
    let params: ExecParams;
    try {
      const request = await execRequest(exchange, this.maxBodyBytes);
      params = parseExecParams(req, request.params, request.badUtf8, request.bindJson);
    } catch (e) {
      this.fail(exchange, parseExecParams(req, new URLSearchParams()), e);
      return;
    }
    if (answerQueryControl(exchange, params, this.running, this.framing, this.log)) return;
    if (params.badUtf8) {
      this.fail(exchange, params, SvcError.sql(0, 'Bad UTF8 encoding in query text'));
      return;
    }
    if (params.query.trim() === '') {
      this.framing.sendJson(res, 200, emptyQueryBody(params.version2, params.query));
      return;
    }
    const fd = socketFd(req);
    this.log.info(`exec [fd=${fd}, query=${params.query}]`);
    const deadline = new QueryDeadline(exchange.signal, params.statementTimeoutMs ?? this.timeoutMs, exchange.startNanos, fd);
    let running;
    try {
      running = this.running.start(RunningQueries.parseId(params.queryId ?? null), 'exec', params.query, (reason) => deadline.cancel(reason));
    } catch (e) {
      deadline.dispose();
      this.fail(exchange, params, e);
      return;
    }
    this.metrics.jsonQueriesStarted++;
    this.metrics.jsonQueryConnections++;
    try {
      const compileStart = process.hrtime.bigint();
      const cached = this.cache.take(params.query);
      const compiled = cached ?? this.compile(params);
      const parameters = bindValues(compiled.parameters ?? [], params.bind);
      // QuestDB reports no compile time for a cached query.
      const compilerNanos = cached ? 0n : process.hrtime.bigint() - compileStart;
      if (cached) this.metrics.jsonQueryCacheHits++;
      else if (compiled.reusable) this.metrics.jsonQueryCacheMisses++;
      if (this.readonly && compiled.kind !== 'select') throw new SvcError(WRITE_PERMISSION_DENIED, 403, 0);
      if (req.method === 'HEAD') {
        this.framing.begin(res, { status: 200, contentType: CONTENT_TYPE.json, keepAliveHeader: true });
        res.end();
        this.keep(compiled);
        return;
      }
      const limit = capLimit(params.limit, this.maxRows);
      const executeStart = process.hrtime.bigint();
      // limit=-n is the last n rows (and -m,-n as SQL LIMIT); only the engine can find them without buffering.
      const window = limit.kind === 'tail' ? limit.window : undefined;
      // A statement that finished answers its outcome even if the deadline passed meanwhile; a SELECT's
      // stream checks the signal itself.
      const outcome: QueryOutcome = await compiled.execute({ signal: deadline.signal, deadline: deadline.deadlineAt, window, progress: running, parameters });
      const ok = await this.answer(exchange, params, compiled, outcome, deadline, compilerNanos, executeStart, running);
      if (ok) {
        this.metrics.jsonQueriesCompleted++;
        this.keep(compiled);
      }
    } catch (e) {
      if (deadline.clientGone) { res.destroy(); return; }
      this.fail(exchange, params, deadline.timedOut ? deadline.timeoutError() : e);
    } finally {
      deadline.dispose();
      this.running.end(running);
      this.metrics.jsonQueryConnections--;
    }
  }

  /** Puts a statement that answered completely back into the query cache. */
  private keep(compiled: CompiledQuery): void {
    this.cache.put(compiled);
    this.metrics.jsonQueriesCached = this.cache.size;
  }

  private compile(params: ExecParams): CompiledQuery {
    if (!this.engine) throw new SvcError('no SQL engine is installed', 500);
    return this.engine.compile(params.query);
  }

  private async answer(exchange: HttpExchange, params: ExecParams, compiled: CompiledQuery, outcome: QueryOutcome,
    deadline: QueryDeadline, compilerNanos: bigint, executeStart: bigint, running: RunningQuery): Promise<boolean> {
    const res = exchange.res;
    const headers = [[QUERY_ID_HEADER, running.id]] as const;
    const send = (body: string): void => this.framing.send(res, 200, CONTENT_TYPE.json, body, { keepAliveHeader: true, svcHeaders: headers });
    switch (outcome.kind) {
      case 'ddl': send(DDL_OK); return true;
      case 'insert': send(DML_OK); return true;
      case 'update': send(updatedBody(outcome.updated)); return true;
      case 'rows':
        return streamResult({
          res, params, limit: capLimit(params.limit, this.maxRows), compiled, result: outcome.result, deadline,
          authNanos: exchange.authNanos, compilerNanos, executeStart, running, headers,
        }, this.framing, this.chunks, (e) => this.describeMidStream(exchange, deadline, e));
    }
  }

  /** An error before the head: its own status, `{query, error, position}` (500 for the unexpected). */
  private fail(exchange: HttpExchange, params: ExecParams, e: unknown): void {
    this.metrics.queryErrors++;
    this.responder.fail(exchange, e, this.log, queryErrorShape(params.query));
  }

  private describeMidStream(exchange: HttpExchange, deadline: QueryDeadline, e: unknown): { message: string; position: number } {
    this.metrics.queryErrors++;
    if (deadline.timedOut) return { message: deadline.timeoutError().message, position: 0 };
    const expected = asExpectedError(e);
    if (expected) {
      this.log.error(`${exchange.path} error after the response started: ${expected.message}`);
      return { message: expected.message, position: expected.position ?? 0 };
    }
    this.responder.unhandled(`${exchange.req.method} ${exchange.path}`, e);
    return { message: errorMessage(e), position: 0 };
  }
}
