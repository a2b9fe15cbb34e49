/**
 * Every server.conf key the server knows, with its default and type (QuestDB's HTTP API names).
 * Validated once at start-up; a bad value stops start-up naming the key, the value and what was
 * expected. Each key can be set by `SVC_` + the key upper-cased with `.` → `_`.
 */
import {
  addressKey, booleanKey, ConfigKey, doubleKey, durationKey, enumKey, intKey, listKey, longKey, sizeKey, stringKey,
} from './config-key';
import { CONTENT_CODINGS, ContentCoding, isContentCoding } from '../server/content-coding';
import { COLD_KEYS } from './cold-keys';

// ---- HTTP API listener (9000) -------------------------------------------------------------
export const HTTP_ENABLED = booleanKey('http.enabled', true);
export const HTTP_BIND_TO = addressKey('http.net.bind.to', '0.0.0.0:9000', { aliases: ['http.bind.to'] });
export const HTTP_KEEP_ALIVE_TIMEOUT = intKey('http.keep-alive.timeout', 5, 0);
export const HTTP_KEEP_ALIVE_MAX = intKey('http.keep-alive.max', 10000, 0);
export const HTTP_SERVER_KEEP_ALIVE = booleanKey('http.server.keep.alive', true);
export const HTTP_CONNECTION_LIMIT = intKey('http.net.connection.limit', 256, 1);
/**
 * Idle timeout (QuestDB's name): a connection with no bytes in either direction for this long is closed,
 * also in the middle of a request (a stalled upload is rolled back).
 */
export const HTTP_CONNECTION_TIMEOUT = durationKey('http.net.connection.timeout', '300000', 1, { aliases: ['http.net.idle.connection.timeout'] });
/**
 * svc-specific: a new connection must deliver its first request's complete headers within this time, or it
 * is closed; so connections that never send (half-open, slowloris) free their slot quickly.
 */
export const HTTP_HEADER_TIMEOUT = durationKey('http.request.header.timeout', '10s');
/** The largest request head (request line and headers) in bytes; a larger one is answered 431. */
export const HTTP_REQUEST_HEADER_SIZE = sizeKey('http.request.header.buffer.size', '64k');
/** The largest header block of one multipart part in /imp bodies (Content-Disposition, Content-Type). */
export const HTTP_MULTIPART_HEADER_SIZE = sizeKey('http.multipart.header.buffer.size', '8k');
export const HTTP_SEND_BUFFER_SIZE = sizeKey('http.send.buffer.size', '2m');
export const HTTP_RECEIVE_BUFFER_SIZE = sizeKey('http.receive.buffer.size', '2m');
export const HTTP_SHUTDOWN_GRACE = durationKey('http.shutdown.grace.period', '3s');
export const HTTP_CONTEXT_EXECUTE = stringKey('http.context.execute', '/exec');
export const HTTP_CONTEXT_EXPORT = stringKey('http.context.export', '/exp');
export const HTTP_CONTEXT_IMPORT = stringKey('http.context.import', '/imp');
export const HTTP_CONTEXT_TABLE_STATUS = stringKey('http.context.table.status', '/chk');
export const HTTP_CONTEXT_SETTINGS = stringKey('http.context.settings', '/settings');
export const HTTP_CONTEXT_WARNINGS = stringKey('http.context.warnings', '/warnings');
export const HTTP_CONTEXT_ILP = stringKey('http.context.ilp', '/write');
export const HTTP_CONTEXT_ILP_PING = stringKey('http.context.ilp.ping', '/ping');
export const HTTP_CONTEXT_WEB_CONSOLE = stringKey('http.context.web.console', '/');
export const HTTP_STATIC_PUBLIC_DIRECTORY = stringKey('http.static.public.directory', 'public');
export const HTTP_STATIC_INDEX_FILE = stringKey('http.static.index.file.name', 'index.html');
export const HTTP_STATIC_AUTH_REQUIRED = booleanKey('http.static.authentication.required', true);
export const HTTP_SECURITY_READONLY = booleanKey('http.security.readonly', false);
export const HTTP_MAX_RESPONSE_ROWS = longKey('http.security.max.response.rows', Number.MAX_SAFE_INTEGER, 0);
/** /exec keeps planned queries by their text (plugins/http-exec/query-cache.ts): up to block.count × row.count. */
export const HTTP_QUERY_CACHE_ENABLED = booleanKey('http.query.cache.enabled', true);
export const HTTP_QUERY_CACHE_BLOCK_COUNT = intKey('http.query.cache.block.count', 4, 0, 4096);
export const HTTP_QUERY_CACHE_ROW_COUNT = intKey('http.query.cache.row.count', 16, 0, 4096);
export const HTTP_TEXT_ANALYSIS_MAX_LINES = intKey('http.text.analysis.max.lines', 1000, 1, 1000);
export const HTTP_TEXT_DELIMITER_STDDEV = doubleKey('http.text.max.required.delimiter.stddev', 0.1222, 0);
export const HTTP_TEXT_LINE_LENGTH_STDDEV = doubleKey('http.text.max.required.line.length.stddev', 0.8, 0);
/**
 * svc-specific: worker threads that parse an /imp upload larger than the analysis sample (0 = parse on the
 * request thread). Two measured fastest on the 2-core machine once parsing got cheaper (one pass per record,
 * 10M-row files, three interleaved rounds under load ~5: trades 5.7 / 4.2 / 2.9 s with 2 workers against
 * 6.0 / 5.5 / 3.7 s with 1; cpu 11.7 / 9.3 / 10.0 s against 13.6 / 9.4 / 13.8 s): the request thread
 * receives and writes while both cores parse. (Before that, 1 worker won: a second one only competed.)
 */
export const HTTP_IMPORT_PARSE_WORKERS = intKey('http.import.parse.workers', 2, 0, 16);
/**
 * The longest line (record) /imp accepts, in bytes, and so the largest field: a longer line is rejected like a
 * bad row (`atomicity=abort` fails the import). Bounds what a line split across chunks may hold.
 */
export const HTTP_TEXT_ROLL_BUFFER_LIMIT = sizeKey('http.text.roll.buffer.limit', '4m');
/**
 * svc-specific: memory one /imp upload may use for the column batches it builds; batches hold fewer rows for
 * wider tables (at most 65,536), so a wide file costs memory in proportion to its size.
 */
export const HTTP_IMPORT_SESSION_MEMORY = sizeKey('http.import.session.memory.limit', '16m');
export const HTTP_SETTINGS_READONLY = booleanKey('http.settings.readonly', false);
export const LINE_HTTP_ENABLED = booleanKey('line.http.enabled', true);
export const LINE_HTTP_PING_VERSION = stringKey('line.http.ping.version', 'v2.7.4');

// ---- line protocol (ILP over HTTP /write and TCP) ------------------------------------------
/** Longest line over HTTP (413 beyond it); the request itself may be any size. */
export const LINE_HTTP_MAX_RECV_BUFFER_SIZE = sizeKey('line.http.max.recv.buffer.size', '1g');
/** Most bytes a `Content-Encoding: gzip` body may inflate to (413 beyond it: a gzip bomb stops there). */
export const LINE_HTTP_GZIP_MAX_SIZE = sizeKey('line.http.gzip.max.size', '1g');
export const LINE_TCP_ENABLED = booleanKey('line.tcp.enabled', true);
export const LINE_TCP_BIND_TO = addressKey('line.tcp.net.bind.to', '0.0.0.0:9009');
export const LINE_TCP_CONNECTION_LIMIT = intKey('line.tcp.net.connection.limit', 256, 1);
/**
 * A TCP connection that sends nothing for this long is closed; 0 keeps idle connections open. svc-specific
 * default (QuestDB's is 0): five minutes, as QuestDB's HTTP and PostgreSQL idle timeouts, so abandoned
 * sockets do not hold connection slots forever.
 */
export const LINE_TCP_IDLE_TIMEOUT = durationKey('line.tcp.net.idle.timeout', '5m');
/** A TCP connection whose unfinished line is this old is closed (slow-drip clients); 0 = no limit. */
export const LINE_TCP_LINE_TIMEOUT = durationKey('line.tcp.net.line.timeout', '30s');
/** Longest line over TCP: a longer one closes the connection. */
export const LINE_TCP_MAX_RECV_BUFFER_SIZE = sizeKey('line.tcp.max.recv.buffer.size', '1g');
/**
 * QuestDB's auth db file (`<key id> ec-p-256-sha256 <x> <y>` per line), relative to the root: when set, TCP
 * line-protocol connections must pass QuestDB's JWK challenge-response first. Unset: no authentication.
 */
export const LINE_TCP_AUTH_DB_PATH = stringKey('line.tcp.auth.db.path', undefined);
/** TCP rows are committed this often while a client keeps sending (and when it pauses, closes or its buffer fills). */
export const LINE_TCP_COMMIT_INTERVAL = durationKey('line.tcp.commit.interval.default', '2000');
/**
 * svc-specific: parsed rows one transaction keeps in memory before they go to the table writers (HTTP: the
 * request then holds those tables until it ends) or are committed (TCP).
 */
export const LINE_PARSE_BUFFER_SIZE = sizeKey('line.parse.buffer.size', '64m');
/** svc-specific: worker threads that parse line protocol (bodies over 256 KiB, TCP connections); 0 = the request thread. */
export const LINE_PARSE_WORKERS = intKey('line.parse.workers', 1, 0, 16);
export const LINE_AUTO_CREATE_NEW_TABLES = booleanKey('line.auto.create.new.tables', true);
export const LINE_AUTO_CREATE_NEW_COLUMNS = booleanKey('line.auto.create.new.columns', true);
export const LINE_DEFAULT_PARTITION_BY = enumKey('line.default.partition.by', 'DAY', ['NONE', 'HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR']);
export const LINE_FLOAT_DEFAULT_COLUMN_TYPE = enumKey('line.float.default.column.type', 'DOUBLE', ['DOUBLE', 'FLOAT']);
export const LINE_INTEGER_DEFAULT_COLUMN_TYPE = enumKey('line.integer.default.column.type', 'LONG', ['LONG', 'INT', 'SHORT', 'BYTE']);
/** svc-specific: a line that would give a table more columns than this is rejected. */
export const LINE_MAX_TABLE_COLUMNS = intKey('line.max.table.columns', 2048, 1, 100000);
/** svc-specific: distinct tables one request (or one TCP commit) may write. */
export const LINE_MAX_TABLES = intKey('line.max.tables.per.transaction', 1000, 1, 1000000);
/** svc-specific: columns one line may add to its table (a new table's first line included). */
export const LINE_MAX_NEW_COLUMNS_PER_LINE = intKey('line.max.new.columns.per.line', 1000, 1, 100000);

// ---- authentication ----------------------------------------------------------------------
export const HTTP_USER = stringKey('http.user', undefined);
export const HTTP_PASSWORD = stringKey('http.password', undefined, { secret: true });
/** Bearer tokens accepted on the API listener (comma-separated; `http.auth.tokens.file` reads them from a file). */
export const HTTP_AUTH_TOKENS = listKey('http.auth.tokens', '', { secret: true });
/**
 * Whether health and /metrics on the min listener need the API's credentials. False by default: QuestDB
 * 9.4.4 answers health without credentials while authentication is on, and load-balancer probes and
 * Prometheus scrapers usually carry none.
 */
export const HTTP_HEALTH_AUTH_REQUIRED = booleanKey('http.health.check.authentication.required', false);

// ---- min listener (9003), health and metrics ---------------------------------------------
export const HTTP_MIN_ENABLED = booleanKey('http.min.enabled', true);
export const HTTP_MIN_BIND_TO = addressKey('http.min.net.bind.to', '0.0.0.0:9003', { aliases: ['http.min.bind.to'] });
/** 0 = auto (a dedicated worker thread); a positive count also gives the min listener its own worker. */
export const HTTP_MIN_WORKER_COUNT = intKey('http.min.worker.count', 0, 0, 64);
export const HTTP_MIN_CONNECTION_LIMIT = intKey('http.min.net.connection.limit', 4, 1);
export const HTTP_PESSIMISTIC_HEALTH = booleanKey('http.pessimistic.health.check.enabled', false);
export const METRICS_ENABLED = booleanKey('metrics.enabled', false);

// ---- queries ------------------------------------------------------------------------------
export const QUERY_TIMEOUT = durationKey('query.timeout', '60s', 1, { aliases: [] });
export const HTTP_EXPORT_TIMEOUT = durationKey('http.export.timeout', '300s');
export const SQL_JIT_MODE = enumKey('cairo.sql.jit.mode', 'on', ['on', 'off']);
/** Memory one query's hash tables may hold (GROUP BY/DISTINCT keys, joins, set operations, count_distinct). */
export const SQL_HASH_MAX_MEMORY = sizeKey('cairo.sql.hash.max.memory', '4g');
/**
 * Query worker threads: big scans (filters, GROUP BY, aggregates) run on them over shared column memory.
 * 0 = one per core.
 */
export const SHARED_WORKER_COUNT = intKey('shared.worker.count', 0, 0, 64);
/** svc-specific: scans touching fewer rows than this stay on the request thread (no worker round trip). */
export const SQL_PARALLEL_MIN_ROWS = intKey('cairo.sql.parallel.min.rows', 100000, 0);
/** WHERE over a big table scan runs on the query workers. */
export const SQL_PARALLEL_FILTER_ENABLED = booleanKey('cairo.sql.parallel.filter.enabled', true);
/** GROUP BY and aggregates over a big table scan run on the query workers. */
export const SQL_PARALLEL_GROUPBY_ENABLED = booleanKey('cairo.sql.parallel.groupby.enabled', true);
/**
 * svc-specific: ungrouped, unfiltered aggregates and SAMPLE BY of FLOAT/DOUBLE columns fold per-block summaries
 * of committed columns instead of reading every row (core/parallel/block-summary.ts); needs the parallel GROUP BY.
 */
export const SQL_BLOCK_SUMMARIES_ENABLED = booleanKey('cairo.sql.block.summaries.enabled', true);

// ---- storage ------------------------------------------------------------------------------
export const CAIRO_ROOT = stringKey('cairo.root', 'db');
/**
 * Default per-table `maxUncommittedRows`: how many appended rows a table writer keeps in memory. Past it the
 * rows are written to disk as staged data that no reader sees; the commit at the end of the request or
 * statement publishes all of it at once, and a rollback or crash removes it. It bounds memory, not the size
 * of a transaction.
 */
export const CAIRO_MAX_UNCOMMITTED_ROWS = intKey('cairo.max.uncommitted.rows', 500000, 1);
/**
 * svc-specific: the bytes a table writer keeps in memory before its pending rows move to disk as staged
 * data, whichever of this and maxUncommittedRows comes first. Rows of wide strings or arrays would otherwise
 * hold maxUncommittedRows times their width (a writer keeps two such buffers: one filling while the other is
 * written).
 */
export const CAIRO_MAX_UNCOMMITTED_BYTES = sizeKey('cairo.max.uncommitted.bytes', '16m');
/**
 * Default per-table `o3MaxLag` (ms here, µs per table): when pending rows are staged and some arrived out of
 * order, rows within this lag of the newest pending timestamp stay in memory (at most half of
 * maxUncommittedRows) so late rows merge with them before touching disk. It changes how much is
 * rewritten, never what readers see.
 */
export const CAIRO_O3_MAX_LAG = durationKey('cairo.o3.max.lag', '600000');
export const CAIRO_COMMIT_MODE = enumKey('cairo.commit.mode', 'nosync', ['nosync', 'async', 'sync']);
export const CAIRO_COLUMN_CACHE_SIZE = sizeKey('cairo.column.cache.size', '4g');
export const CAIRO_WRITER_ACQUIRE_TIMEOUT = durationKey('cairo.writer.acquire.timeout', '5s');
export const CAIRO_WAL_ENABLED_DEFAULT = booleanKey('cairo.wal.enabled.default', true);
export const CAIRO_MAX_FILE_NAME_LENGTH = intKey('cairo.max.file.name.length', 127, 1, 255);
/** Columns a table may have (CREATE TABLE, /imp, ADD COLUMN); 2048 is QuestDB's per-table wire limit. */
export const CAIRO_MAX_COLUMNS = intKey('cairo.max.columns', 2048, 1, 100000);
export const CAIRO_EXPORT_ROOT = stringKey('cairo.sql.copy.export.root', 'export');

// ---- PostgreSQL wire protocol listener (8812), plugins/pg-wire ------------------------------
export const PG_ENABLED = booleanKey('pg.enabled', true);
export const PG_BIND_TO = addressKey('pg.net.bind.to', '0.0.0.0:8812');
export const PG_USER = stringKey('pg.user', 'admin');
export const PG_PASSWORD = stringKey('pg.password', 'quest', { secret: true });
/** A second user that may only read (SELECT, SHOW and session commands). */
export const PG_READONLY_USER_ENABLED = booleanKey('pg.readonly.user.enabled', false);
export const PG_READONLY_USER = stringKey('pg.readonly.user', 'user');
export const PG_READONLY_PASSWORD = stringKey('pg.readonly.password', 'quest', { secret: true });
/** Every PostgreSQL connection is read-only. */
export const PG_SECURITY_READONLY = booleanKey('pg.security.readonly', false);
/** Logged-in sessions; connections still in their start-up count toward PG_STARTUP_CONNECTION_LIMIT instead. */
export const PG_CONNECTION_LIMIT = intKey('pg.net.connection.limit', 64, 1);
/** svc-specific: a connection must finish its start-up (TLS, start-up message, password) within this; 0: no limit. */
export const PG_STARTUP_TIMEOUT = durationKey('pg.net.startup.timeout', '5s');
/** svc-specific: connections in their start-up at once; past it the one that waited longest is closed. */
export const PG_STARTUP_CONNECTION_LIMIT = intKey('pg.net.startup.connection.limit', 64, 1);
/** A connection idle (no query running) this long is closed; 0 keeps idle connections open. */
export const PG_IDLE_TIMEOUT = durationKey('pg.net.connection.timeout', '300000');
/** The largest message a client may send (a Query's SQL text, a Bind's values). */
export const PG_RECV_BUFFER_SIZE = sizeKey('pg.recv.buffer.size', '1m');
/** Result bytes collected before they are handed to the socket. */
export const PG_SEND_BUFFER_SIZE = sizeKey('pg.send.buffer.size', '1m');
/** svc-specific: how clients prove the password (QuestDB asks for it in clear text). */
export const PG_AUTH_METHOD = enumKey('pg.auth.method', 'cleartext', ['cleartext', 'md5', 'scram-sha-256']);
/** svc-specific: answer SSLRequest with TLS, using this PEM certificate (chain) and key (paths relative to the root). */
export const PG_TLS_ENABLED = booleanKey('pg.tls.enabled', false);
export const PG_TLS_CERT_PATH = stringKey('pg.tls.cert.path', 'conf/pg.crt');
export const PG_TLS_KEY_PATH = stringKey('pg.tls.key.path', 'conf/pg.key');

export const PG_KEYS: readonly ConfigKey<unknown>[] = [
  PG_ENABLED, PG_BIND_TO, PG_USER, PG_PASSWORD, PG_READONLY_USER_ENABLED, PG_READONLY_USER, PG_READONLY_PASSWORD,
  PG_SECURITY_READONLY, PG_CONNECTION_LIMIT, PG_IDLE_TIMEOUT, PG_RECV_BUFFER_SIZE, PG_SEND_BUFFER_SIZE, PG_AUTH_METHOD,
  PG_TLS_ENABLED, PG_TLS_CERT_PATH, PG_TLS_KEY_PATH, PG_STARTUP_TIMEOUT, PG_STARTUP_CONNECTION_LIMIT,
];

// ---- beyond QuestDB's HTTP API: compression, CORS, request bodies, progress -----------------------
/** Origins whose pages may call the API (`*` = any); empty = no CORS headers at all (core/server/cors-policy.ts). */
export const HTTP_CORS_ALLOWED_ORIGINS = listKey('http.cors.allowed.origins', '');
/** Lets browsers send cookies and Authorization cross-origin (`Access-Control-Allow-Credentials: true`). */
export const HTTP_CORS_ALLOW_CREDENTIALS = booleanKey('http.cors.allow.credentials', false);
/** Seconds a browser may cache a preflight answer (`Access-Control-Max-Age`). */
export const HTTP_CORS_MAX_AGE = intKey('http.cors.max.age', 600, 0, 86400);
/**
 * Content codings offered for /exec JSON and /exp CSV/NDJSON answers, in the server's order of preference
 * (the first the client's `Accept-Encoding` accepts wins); empty = never compress.
 */
export const HTTP_RESPONSE_COMPRESSION: ConfigKey<readonly ContentCoding[]> = {
  name: 'http.response.compression', aliases: [], defaultText: 'zstd,gzip,br,deflate',
  expected: `a comma-separated list of ${CONTENT_CODINGS.join(', ')} (or empty)`,
  parse: (raw) => {
    const list = raw.split(',').map((s) => s.trim().toLowerCase()).filter((s) => s !== '');
    return list.every(isContentCoding) ? list : undefined;
  },
};
/** Largest POST /exec body (JSON, form or plain SQL text), after decompression. */
export const HTTP_EXEC_BODY_MAX_SIZE = sizeKey('http.exec.body.max.size', '16m');
/** How often a running /imp or /exp logs its progress (rows, bytes, elapsed time); 0 = never. */
export const HTTP_PROGRESS_LOG_INTERVAL = durationKey('http.progress.log.interval', '10s');
/** Where /imp keeps a Parquet upload while it is read (relative to the root); files there are removed at start. */
export const HTTP_IMPORT_SPOOL_DIR = stringKey('http.import.spool.dir', 'tmp');

/**
 * svc-specific: worker threads that decode Parquet uploads at once (each one upload); further uploads wait
 * for one, at most `http.import.parquet.decoder.queue` of them, and past that are answered 503.
 */
export const HTTP_IMPORT_PARQUET_DECODERS = intKey('http.import.parquet.decoders', 2, 1, 64);
/** svc-specific: Parquet uploads that may wait for a decoder; one more is refused with 503 (0 = never wait). */
export const HTTP_IMPORT_PARQUET_DECODER_QUEUE = intKey('http.import.parquet.decoder.queue', 16, 0);
/**
 * svc-specific: the most memory one Parquet decoder may use (its WebAssembly memory's maximum). A row group
 * whose compressed columns take more than half of it is refused naming it; a row group decodes in slices
 * of at most a quarter of it, so a file with a row group of millions of repeated values imports.
 */
export const HTTP_IMPORT_PARQUET_DECODER_MEMORY = sizeKey('http.import.parquet.decoder.memory.limit', '1g');
/**
 * svc-specific: how many times a compressed request body (`Content-Encoding` on /imp, /exec, /write, /settings)
 * may expand; past it, once 16 MiB are decoded, it is refused (a decompression bomb). 0 = no bound. Ordinary data stays far below it (CSV under gzip: 3–20 times; gzip
 * itself cannot exceed ~1032).
 */
export const HTTP_DECOMPRESSION_RATIO_LIMIT = intKey('http.decompression.ratio.limit', 1000, 0);

/**
 * svc-specific: after the last request in flight on the HTTP API or PostgreSQL listeners is answered, the
 * request thread polls for the next one for this long instead of sleeping (core/server/busy-poll.ts); 0 = off.
 */
export const NET_BUSY_POLL = durationKey('net.busy.poll', '2');

// ---- Parquet partitions (plugins/storage-columnar/parquet) -------------------------------------
/** How partitions converted to Parquet are written (QuestDB's `cairo.partition.encoder.parquet.*` names). */
export const PARQUET_PARTITION_CODEC = enumKey('cairo.partition.encoder.parquet.compression.codec', 'ZSTD',
  ['UNCOMPRESSED', 'SNAPPY', 'GZIP', 'ZSTD', 'LZ4_RAW', 'BROTLI']);
/** The codec's level (ZSTD 1..22, GZIP 0..9, BROTLI 0..11; ignored by the others). */
export const PARQUET_PARTITION_LEVEL = intKey('cairo.partition.encoder.parquet.compression.level', 3, 0, 22);
/** Rows per row group: the unit an interval query skips by the designated timestamp's statistics. */
export const PARQUET_PARTITION_ROW_GROUP_SIZE = intKey('cairo.partition.encoder.parquet.row.group.size', 100000, 4, 1 << 30);
export const PARQUET_PARTITION_DATA_PAGE_SIZE = sizeKey('cairo.partition.encoder.parquet.data.page.size', '1m');
/** Data page format 1 or 2 (2: DELTA_BINARY_PACKED timestamps and longs). */
export const PARQUET_PARTITION_VERSION = intKey('cairo.partition.encoder.parquet.version', 2, 1, 2);
/**
 * svc-specific: partitions whose whole time range is older than this (against the table's newest row, never
 * later than now) are converted to Parquet in the background, one at a time; 0 = never. A table's own
 * `parquetConvertAfter` (CREATE TABLE … WITH / ALTER TABLE … SET PARAM) overrides it.
 */
export const PARQUET_CONVERT_AFTER = durationKey('cairo.partition.parquet.convert.after', '0');
/** svc-specific: how often the background conversion looks for partitions past their age. */
export const PARQUET_CONVERT_INTERVAL = durationKey('cairo.partition.parquet.convert.interval', '60s');
/** Where `read_parquet('file')` reads from (relative to the root unless absolute); paths outside it are refused. */
export const CAIRO_SQL_COPY_ROOT = stringKey('cairo.sql.copy.root', 'import');

export const PARQUET_PARTITION_KEYS: readonly ConfigKey<unknown>[] = [
  PARQUET_PARTITION_CODEC, PARQUET_PARTITION_LEVEL, PARQUET_PARTITION_ROW_GROUP_SIZE, PARQUET_PARTITION_DATA_PAGE_SIZE,
  PARQUET_PARTITION_VERSION, PARQUET_CONVERT_AFTER, PARQUET_CONVERT_INTERVAL, CAIRO_SQL_COPY_ROOT,
];

// ---- plugins ------------------------------------------------------------------------------
/** Module paths of user plugins, loaded after the default bundle (plus `<root>/plugins/*.js`). */
export const PLUGINS = listKey('plugins', '');

export const SERVER_KEYS: readonly ConfigKey<unknown>[] = [
  HTTP_ENABLED, HTTP_BIND_TO, HTTP_KEEP_ALIVE_TIMEOUT, HTTP_KEEP_ALIVE_MAX, HTTP_SERVER_KEEP_ALIVE,
  HTTP_CONNECTION_LIMIT, HTTP_CONNECTION_TIMEOUT, HTTP_HEADER_TIMEOUT, HTTP_REQUEST_HEADER_SIZE, HTTP_MULTIPART_HEADER_SIZE,
  HTTP_SEND_BUFFER_SIZE, HTTP_RECEIVE_BUFFER_SIZE, HTTP_SHUTDOWN_GRACE,
  HTTP_CONTEXT_EXECUTE, HTTP_CONTEXT_EXPORT, HTTP_CONTEXT_IMPORT, HTTP_CONTEXT_TABLE_STATUS, HTTP_CONTEXT_SETTINGS,
  HTTP_CONTEXT_WARNINGS, HTTP_CONTEXT_ILP, HTTP_CONTEXT_ILP_PING, HTTP_CONTEXT_WEB_CONSOLE,
  HTTP_STATIC_PUBLIC_DIRECTORY, HTTP_STATIC_INDEX_FILE, HTTP_STATIC_AUTH_REQUIRED, HTTP_SECURITY_READONLY,
  HTTP_MAX_RESPONSE_ROWS, HTTP_QUERY_CACHE_ENABLED, HTTP_QUERY_CACHE_BLOCK_COUNT, HTTP_QUERY_CACHE_ROW_COUNT, HTTP_TEXT_ANALYSIS_MAX_LINES, HTTP_TEXT_DELIMITER_STDDEV, HTTP_TEXT_LINE_LENGTH_STDDEV,
  HTTP_IMPORT_PARSE_WORKERS, HTTP_TEXT_ROLL_BUFFER_LIMIT, HTTP_IMPORT_SESSION_MEMORY,
  HTTP_SETTINGS_READONLY, LINE_HTTP_ENABLED, LINE_HTTP_PING_VERSION,
  LINE_HTTP_MAX_RECV_BUFFER_SIZE, LINE_HTTP_GZIP_MAX_SIZE, LINE_TCP_ENABLED, LINE_TCP_BIND_TO, LINE_TCP_CONNECTION_LIMIT,
  LINE_TCP_IDLE_TIMEOUT, LINE_TCP_LINE_TIMEOUT, LINE_TCP_MAX_RECV_BUFFER_SIZE, LINE_TCP_AUTH_DB_PATH, LINE_TCP_COMMIT_INTERVAL, LINE_PARSE_BUFFER_SIZE, LINE_PARSE_WORKERS,
  LINE_AUTO_CREATE_NEW_TABLES, LINE_AUTO_CREATE_NEW_COLUMNS, LINE_DEFAULT_PARTITION_BY, LINE_FLOAT_DEFAULT_COLUMN_TYPE,
  LINE_INTEGER_DEFAULT_COLUMN_TYPE, LINE_MAX_TABLE_COLUMNS, LINE_MAX_TABLES, LINE_MAX_NEW_COLUMNS_PER_LINE,
  HTTP_USER, HTTP_PASSWORD, HTTP_AUTH_TOKENS, HTTP_HEALTH_AUTH_REQUIRED,
  HTTP_MIN_ENABLED, HTTP_MIN_BIND_TO, HTTP_MIN_WORKER_COUNT, HTTP_MIN_CONNECTION_LIMIT, HTTP_PESSIMISTIC_HEALTH, METRICS_ENABLED,
  QUERY_TIMEOUT, HTTP_EXPORT_TIMEOUT, SQL_JIT_MODE, SQL_HASH_MAX_MEMORY, SHARED_WORKER_COUNT,
  SQL_PARALLEL_MIN_ROWS, SQL_PARALLEL_FILTER_ENABLED, SQL_PARALLEL_GROUPBY_ENABLED, SQL_BLOCK_SUMMARIES_ENABLED,
  CAIRO_ROOT, CAIRO_MAX_UNCOMMITTED_ROWS, CAIRO_MAX_UNCOMMITTED_BYTES, CAIRO_O3_MAX_LAG, CAIRO_COMMIT_MODE, CAIRO_COLUMN_CACHE_SIZE,
  CAIRO_WRITER_ACQUIRE_TIMEOUT, CAIRO_WAL_ENABLED_DEFAULT, CAIRO_MAX_FILE_NAME_LENGTH, CAIRO_MAX_COLUMNS, CAIRO_EXPORT_ROOT,
  HTTP_CORS_ALLOWED_ORIGINS, HTTP_CORS_ALLOW_CREDENTIALS, HTTP_CORS_MAX_AGE, HTTP_RESPONSE_COMPRESSION, HTTP_EXEC_BODY_MAX_SIZE,
  HTTP_PROGRESS_LOG_INTERVAL, HTTP_IMPORT_SPOOL_DIR, HTTP_IMPORT_PARQUET_DECODERS, HTTP_IMPORT_PARQUET_DECODER_QUEUE,
  HTTP_IMPORT_PARQUET_DECODER_MEMORY, HTTP_DECOMPRESSION_RATIO_LIMIT, NET_BUSY_POLL,
  PLUGINS,
  ...PG_KEYS,
  ...PARQUET_PARTITION_KEYS,
  ...COLD_KEYS,
];
