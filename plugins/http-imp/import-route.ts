/**
 * POST /imp: streams the multipart upload into a table and answers
 * with the tabular grid or the JSON result. Request-level failures answer HTTP 200 with the bare message
 * (or `{"status":"<message>"}` with `fmt=json`) and close the connection. A client that goes
 * away mid-upload leaves nothing behind: the writer is closed without commit, which rolls back.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { inject, injectable, injectAll } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import {
  CAIRO_WAL_ENABLED_DEFAULT, HTTP_CONTEXT_IMPORT, HTTP_DECOMPRESSION_RATIO_LIMIT, HTTP_IMPORT_PARSE_WORKERS, HTTP_IMPORT_SPOOL_DIR, HTTP_MULTIPART_HEADER_SIZE, HTTP_IMPORT_SESSION_MEMORY,
  HTTP_PROGRESS_LOG_INTERVAL, HTTP_TEXT_ANALYSIS_MAX_LINES, HTTP_TEXT_DELIMITER_STDDEV, HTTP_TEXT_LINE_LENGTH_STDDEV, HTTP_TEXT_ROLL_BUFFER_LIMIT,
} from '../../core/config/server-keys';
import { errorMessage, SvcError } from '../../core/errors';
import { HttpExchange, HttpMethod, HttpRoute } from '../../core/extension/http-route';
import { ImportFormat, StreamImportFormat } from '../../core/extension/import-format';
import { StorageEngine } from '../../core/extension/storage-engine';
import { Log, LogFactory } from '../../core/log/log';
import { ServerMetrics } from '../../core/metrics/server-metrics';
import { ErrorResponder } from '../../core/server/error-responder';
import { ErrorShape } from '../../core/server/error-shape';
import { ProgressLog } from '../../core/server/progress-log';
import { ReadOnlyGuard } from '../../core/server/read-only-guard';
import { drainRequest } from '../../core/server/drain-request';
import { decodedRequest } from '../../core/server/request-body';
import { RootDirectory } from '../../core/root-directory';
import { SystemRelations } from '../../core/sql/system-relations';
import { CONTENT_TYPE, ResponseFraming } from '../../core/server/response-framing';
import { cleanTableName } from '../import-delimited/column-names';
import { ImportParams, parseImportParams, wantsJson } from './import-params';
import { importErrorShape } from './import-failure';
import { ImportResult, renderJson, renderTabular } from './import-result';
import { parseSchema, SchemaEntry } from './import-schema';
import { chooseFormat, requestedInputFormats } from './format-choice';
import { FormatDispatch } from './format-dispatch';
import { ImportSession } from './import-session';
import { TableDefaults } from './import-table';
import { readUpload } from './multipart-upload';
import { SpooledImportSession } from './spooled-import-session';
import { UploadSession } from './upload-session';

/** Uploads kept by a server that stopped mid-import are of no use to anyone. */
function removeStaleUploads(dir: string): void {
  try {
    for (const name of readdirSync(dir)) if (name.startsWith('upload-')) rmSync(join(dir, name), { force: true });
  } catch {
    // No spool folder yet.
  }
}

/** How long the rest of a refused upload is read before the answer goes out regardless. */
const REFUSED_BODY_DRAIN_MS = 10_000;

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
  private readonly spoolDir: string;
  private readonly progressMs: number;
  private readonly ratioLimit: number;
  private readonly tableDefaults: TableDefaults;

  constructor(
    @inject(ServerConfig) config: ServerConfig,
    @injectAll(StorageEngine, { isOptional: true }) private readonly engines: StorageEngine[],
    @injectAll(ImportFormat, { isOptional: true }) private readonly formats: ImportFormat[],
    @inject(ResponseFraming) private readonly framing: ResponseFraming,
    @inject(ErrorResponder) private readonly responder: ErrorResponder,
    @inject(ServerMetrics) private readonly metrics: ServerMetrics,
    @inject(ReadOnlyGuard) private readonly readOnly: ReadOnlyGuard,
    @inject(LogFactory) logs: LogFactory,
    @inject(RootDirectory) root: RootDirectory,
    @inject(SystemRelations) private readonly systemRelations: SystemRelations,
  ) {
    this.path = config.get(HTTP_CONTEXT_IMPORT) ?? '/imp';
    this.spoolDir = root.resolve(config.get(HTTP_IMPORT_SPOOL_DIR) ?? 'tmp');
    this.progressMs = config.get(HTTP_PROGRESS_LOG_INTERVAL);
    this.ratioLimit = config.get(HTTP_DECOMPRESSION_RATIO_LIMIT);
    removeStaleUploads(this.spoolDir);
    this.maxLines = config.get(HTTP_TEXT_ANALYSIS_MAX_LINES);
    this.maxDelimiterStdDev = config.get(HTTP_TEXT_DELIMITER_STDDEV);
    this.maxLineLengthStdDev = config.get(HTTP_TEXT_LINE_LENGTH_STDDEV);
    this.parseWorkers = config.get(HTTP_IMPORT_PARSE_WORKERS);
    this.memoryLimit = config.get(HTTP_IMPORT_SESSION_MEMORY);
    this.maxLineBytes = config.get(HTTP_TEXT_ROLL_BUFFER_LIMIT);
    this.partHeaderLimit = config.get(HTTP_MULTIPART_HEADER_SIZE);
    this.tableDefaults = { walEnabledDefault: config.get(CAIRO_WAL_ENABLED_DEFAULT) };
    this.log = logs.create('http-imp');
  }

  async handle(exchange: HttpExchange): Promise<void> {
    const json = wantsJson(exchange.params);
    const started = performance.now();
    let session: UploadSession | undefined;
    let progress: ProgressLog | undefined;
    let bodyFailure = (): SvcError | undefined => undefined;
    try {
      // http.security.readonly: refused before any part is read.
      this.readOnly.assertWritable();
      // Content-Encoding: gzip (deflate, br) uploads are decompressed as they stream.
      const body = decodedRequest(exchange.req, this.ratioLimit);
      bodyFailure = body.failure;
      const params = parseImportParams(exchange.params);
      const engine = this.engines[0];
      if (!engine || this.formats.length === 0) throw new Error('/imp needs a StorageEngine and an ImportFormat plugin');
      // The last registration wins: a user plugin declaring `replaces: 'delimited'` loads after the built-in.
      const formats = [...this.formats].reverse();
      const requested = requestedInputFormats(exchange.params.get('fmt'));
      let schema: SchemaEntry[] = [];
      let received = 0;
      await readUpload(body.request, {
        schema: (text) => { schema = parseSchema(text); },
        begin: (filename) => {
          progress = new ProgressLog(this.log, this.progressMs, () => `imp progress [name=${params.name ?? filename ?? ''}, bytes=${received}]`);
          session = new FormatDispatch(
            (head) => chooseFormat(formats, requested, head, filename),
            (format) => this.createSession(engine, format, params, schema, filename, exchange.signal));
        },
        data: async (chunk) => { received += chunk.length; await session?.write(chunk); },
        end: async () => { await session?.end(); },
      }, this.partHeaderLimit);
      if (!session) throw SvcError.badRequest("no 'data' part in the request");
      const result = await session.commit();
      this.metrics.importedRows += result.rowsImported;
      this.succeed(exchange, result, params, performance.now() - started);
    } catch (e) {
      // A refusal before the body was read (a parameter, read-only mode): the client is still sending.
      await drainRequest(exchange.req, REFUSED_BODY_DRAIN_MS);
      this.fail(exchange, bodyFailure() ?? e, json);
    } finally {
      progress?.dispose();
      await session?.close().catch((e: unknown) => this.responder.unhandled('imp writer close', e));
    }
  }

  private createSession(engine: StorageEngine, format: ImportFormat, params: ImportParams, schema: readonly SchemaEntry[],
    filename: string | undefined, signal: AbortSignal): UploadSession {
    // An explicit `name=` is the table name verbatim (the console imports `t.csv` and then asks
    // `/chk?j=t.csv`); the storage engine rejects one that cannot be a table name. The documented cleaning
    // applies to names taken from the file name.
    if (params.name === undefined && filename === undefined) throw SvcError.badRequest('no file name given');
    const table = params.name ?? cleanTableName(filename ?? '');
    if (table === '') throw SvcError.badRequest('invalid table name [table=]');
    this.systemRelations.assertWritable(table);
    if (format.access === 'file') {
      return new SpooledImportSession({
        engine, format, params, table, schema, signal, spoolDir: this.spoolDir, defaults: this.tableDefaults,
        analysis: { maxLines: this.maxLines, maxDelimiterStdDev: this.maxDelimiterStdDev, maxLineLengthStdDev: this.maxLineLengthStdDev },
      });
    }
    return this.textSession(engine, format, params, schema, table, signal);
  }

  private textSession(engine: StorageEngine, format: StreamImportFormat, params: ImportParams, schema: readonly SchemaEntry[],
    table: string, signal: AbortSignal): ImportSession {
    return new ImportSession({
      engine, format, params, table, schema, signal, parseWorkers: this.parseWorkers, defaults: this.tableDefaults,
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
