/**
 * What the round-trip fuzzer's ingest paths and outputs reach the server with: its listeners, an /exec
 * client, embedded DuckDB (it writes and reads the Parquet files) and a scratch directory.
 */
import { DuckRunner } from '../sql/duck-runner';
import { SvcRunner } from '../sql/svc-runner';
import { httpRequest, HttpResult, RequestOptions } from '../../../features/support/http-client';
import { RtColumn } from './rt-columns';
import { Model } from './rt-values';
import { RtTable } from './rt-table';

export interface RtContext {
  readonly host: string;
  readonly httpPort: number;
  readonly tcpPort: number;
  readonly pgPort: number;
  readonly svc: SvcRunner;
  readonly duck: DuckRunner;
  readonly scratch: string;
}

export function http(ctx: RtContext, path: string, options: RequestOptions = {}): Promise<HttpResult> {
  return httpRequest(ctx.host, ctx.httpPort, path, { timeoutMs: 120_000, ...options });
}

/** One way of writing rows into an existing table. */
export interface IngestPath {
  readonly name: string;
  /**
   * The path whose refusals this one shares: TCP line protocol answers no error (the server closes the
   * connection), so a column its HTTP twin had refused is left out here too.
   */
  readonly twin?: string;
  /** Whether the path can write this value into this column (else the cell is written as NULL). */
  accepts(c: RtColumn, v: Model): boolean;
  /** Writes every row of `t` (the fuzzer has made the cells it does not accept NULL); throws when refused. */
  write(ctx: RtContext, t: RtTable): Promise<void>;
}

/** One way of reading a table back: rows ordered by id, each cell in canonical form (rt-values.ts). */
export interface OutputReader {
  readonly name: string;
  read(ctx: RtContext, t: RtTable): Promise<(string | null)[][]>;
}

/** The query every output runs. */
export function selectAll(t: RtTable): string {
  return `SELECT id, ts, ${t.columns.map((c) => c.name).join(', ')} FROM ${t.name} ORDER BY id`;
}
