/**
 * Serializes a result for /exp. One registration per `fmt` value; users add formats from plugins.
 */
import { ResultSet } from '../data/result-set';

export const ExportFormat = Symbol.for('svc.ExportFormat');

export interface ExportFormat<O = unknown> {
  /** The `fmt` parameter value, e.g. `csv`, `parquet`. */
  readonly fmt: string;
  readonly contentType: string;
  /** File extension for Content-Disposition (`csv`, `parquet`). */
  readonly extension: string;
  /**
   * True for text bodies worth compressing: the route then honours the client's Accept-Encoding
   * (`http.response.compression`). Binary formats that compress themselves leave it unset.
   */
  readonly compressible?: boolean;
  /** Checks every option before the first byte is sent; throws SvcError 400 with the reason. */
  parseOptions(params: URLSearchParams): O;
  /**
   * Produces the body as chunks while the result is iterated; memory stays bounded by what one batch
   * needs. Errors after the first chunk close the connection.
   */
  serialize(result: ResultSet, options: O, signal: AbortSignal): AsyncIterable<Uint8Array | string>;
}
