/**
 * POST /imp: streams the multipart upload into a table and answers
 * with the tabular grid or the JSON result. Request-level failures answer HTTP 200 with the bare message
 * (or `{"status":"<message>"}` with `fmt=json`) and close the connection. A client that goes
 * away mid-upload leaves nothing behind: the writer is closed without commit, which rolls back.
 */
import { inject, injectable, injectAll } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import {
  HTTP_CONTEXT_IMPORT, HTTP_IMPORT_PARSE_WORKERS, HTTP_MULTIPART_HEADER_SIZE, HTTP_IMPORT_SESSION_MEMORY, HTTP_TEXT_ANALYSIS_MAX_LINES, HTTP_TEXT_DELIMITER_STDDEV,
  HTTP_TEXT_LINE_LENGTH_STDDEV, HTTP_TEXT_ROLL_BUFFER_LIMIT,
} from '../../core/config/server-keys';
import { errorMessage, SvcError } from '../../core/errors';
import { HttpExchange, HttpMethod, HttpRoute } from '../../core/extension/http-route';
import { ImportFormat } from '../../core/extension/import-format';
import { StorageEngine } from '../../core/extension/storage-engine';
import { Log, LogFactory } from '../../core/log/log';
import { ServerMetrics } from '../../core/metrics/server-metrics';
import { ErrorResponder } from '../../core/server/error-responder';
import { ErrorShape } from '../../core/server/error-shape';
import { ReadOnlyGuard } from '../../core/server/read-only-guard';
import { CONTENT_TYPE, ResponseFraming } from '../../core/server/response-framing';
import { cleanTableName } from '../import-delimited/column-names';
import { ImportParams, parseImportParams, wantsJson } from './import-params';
import { importErrorShape } from './import-failure';
import { ImportResult, renderJson, renderTabular } from './import-result';
import { parseSchema, SchemaEntry } from './import-schema';
import { ImportSession } from './import-session';
import { readUpload } from './multipart-upload';

@injectable()
export class ImportRoute implements HttpRoute {
  readonly listener = 'api';
  readonly path: string;
  readonly methods: readonly HttpMethod[] = ['POST'];
  private readonly log: Log;
  private readonly maxLines: number;
  private readonly maxDelimiterStdDev: number;
  private readonly maxLineLengthStdDev: number;
  private readonly parseWorkers: number;
  private readonly memoryLimit: number;
  private readonly maxLineBytes: number;
  private readonly partHeaderLimit: number;

  constructor(
    @inject(ServerConfig) config: ServerConfig,
    @injectAll(StorageEngine, { isOptional: true }) private readonly engines: StorageEngine[],
    @injectAll(ImportFormat, { isOptional: true }) private readonly formats: ImportFormat[],
    @inject(ResponseFraming) private readonly framing: ResponseFraming,
    @inject(ErrorResponder) private readonly responder: ErrorResponder,
    @inject(ServerMetrics) private readonly metrics: ServerMetrics,
    @inject(ReadOnlyGuard) private readonly readOnly: ReadOnlyGuard,
    @inject(LogFactory) logs: LogFactory,
  ) {
    this.path = config.get(HTTP_CONTEXT_IMPORT) ?? '/imp';
    this.maxLines = config.get(HTTP_TEXT_ANALYSIS_MAX_LINES);
    this.maxDelimiterStdDev = config.get(HTTP_TEXT_DELIMITER_STDDEV);
    this.maxLineLengthStdDev = config.get(HTTP_TEXT_LINE_LENGTH_STDDEV);
    this.parseWorkers = config.get(HTTP_IMPORT_PARSE_WORKERS);
    this.memoryLimit = config.get(HTTP_IMPORT_SESSION_MEMORY);
    this.maxLineBytes = config.get(HTTP_TEXT_ROLL_BUFFER_LIMIT);
    this.partHeaderLimit = config.get(HTTP_MULTIPART_HEADER_SIZE);
    this.log = logs.create('http-imp');
  }

  async handle(exchange: HttpExchange): Promise<void> {
    const json = wantsJson(exchange.params);
    const started = performance.now();
    let session: ImportSession | undefined;
    try {
      // http.security.readonly: refused before any part is read.
      this.readOnly.assertWritable();
      const params = parseImportParams(exchange.params);
      const engine = this.engines[0];
      // The last registration wins: a user plugin declaring `replaces: 'delimited'` loads after the built-in.
      const format = [...this.formats].reverse().find((f) => f.name === 'delimited') ?? this.formats[0];
      if (!engine || !format) throw new Error('/imp needs a StorageEngine and an ImportFormat plugin');
      let schema: SchemaEntry[] = [];
      await readUpload(exchange.req, {
        schema: (text) => { schema = parseSchema(text); },
        begin: (filename) => { session = this.createSession(engine, format, params, schema, filename, exchange.signal); },
        data: async (chunk) => { await session?.write(chunk); },
        end: async () => { await session?.end(); },
      }, this.partHeaderLimit);
      if (!session) throw SvcError.badRequest("no 'data' part in the request");
      const result = await session.commit();
      this.metrics.importedRows += result.rowsImported;
      this.succeed(exchange, result, params, performance.now() - started);
    } catch (e) {
      this.fail(exchange, e, json);
    } finally {
      await session?.close().catch((e: unknown) => this.responder.unhandled('imp writer close', e));
    }
  }

  private createSession(engine: StorageEngine, format: ImportFormat, params: ImportParams, schema: readonly SchemaEntry[],
    filename: string | undefined, signal: AbortSignal): ImportSession {
    // An explicit `name=` is the table name verbatim (the console imports `t.csv` and then asks
    // `/chk?j=t.csv`); the storage engine rejects one that cannot be a table name. The documented cleaning
    // applies to names taken from the file name.
    if (params.name === undefined && filename === undefined) throw SvcError.badRequest('no file name given');
    const table = params.name ?? cleanTableName(filename ?? '');
    if (table === '') throw SvcError.badRequest('invalid table name [table=]');
    return new ImportSession({
      engine, format, params, table, schema, signal, parseWorkers: this.parseWorkers,
      memoryLimit: this.memoryLimit, maxLineBytes: this.maxLineBytes,
      maxLines: this.maxLines, maxDelimiterStdDev: this.maxDelimiterStdDev, maxLineLengthStdDev: this.maxLineLengthStdDev,
    });
  }

  private succeed(exchange: HttpExchange, result: ImportResult, params: ImportParams, millis: number): void {
    this.log.info(`imported [table=${result.location}, rows=${result.rowsImported}, rejected=${result.rowsHandled - result.rowsImported}, ms=${millis.toFixed(0)}]`);
    if (params.json) this.framing.send(exchange.res, 200, CONTENT_TYPE.json, renderJson(result));
    else this.framing.send(exchange.res, 200, CONTENT_TYPE.text, renderTabular(result));
  }

  /** The /imp error shape for this request (import-failure.ts). */
  readonly errorShape = (exchange: HttpExchange): ErrorShape => importErrorShape(wantsJson(exchange.params));

  /** Answers a failure in the /imp error shape; a client that left gets nothing (the writer rolls back). */
  private fail(exchange: HttpExchange, e: unknown, json: boolean): void {
    if (exchange.signal.aborted || exchange.res.destroyed) {
      this.log.info(`import abandoned by the client, rolled back [${errorMessage(e)}]`);
      return;
    }
    this.responder.fail(exchange, e, this.log, importErrorShape(json));
  }
}
