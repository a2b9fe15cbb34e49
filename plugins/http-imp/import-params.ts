/**
 * /imp URL parameters with their defaults. Bad values are
 * request-level failures with QuestDB's texts.
 */
import { PARTITION_BY_VALUES, PartitionBy } from '../../core/data/table-schema';
import { SvcError } from '../../core/errors';
import { Atomicity } from '../../core/extension/import-format';

export interface ImportParams {
  /** `name` (cleaned later); undefined → the data part's file name. */
  readonly name: string | undefined;
  readonly overwrite: boolean;
  readonly atomicity: Atomicity;
  /** undefined when not given (NONE for a new table). */
  readonly partitionBy: PartitionBy | undefined;
  readonly timestamp: string | undefined;
  readonly forceHeader: boolean;
  readonly skipLev: boolean;
  /** Delimiter byte, undefined = detect. */
  readonly delimiter: number | undefined;
  readonly json: boolean;
  readonly create: boolean;
  /** µs. */
  readonly o3MaxLag: number | undefined;
  readonly maxUncommittedRows: number | undefined;
}

const ATOMICITY: Readonly<Record<string, Atomicity>> = { abort: 'abort', skiprow: 'skipRow', skipcol: 'skipCol' };

function flag(params: URLSearchParams, key: string): boolean {
  return params.get(key)?.trim().toLowerCase() === 'true';
}

function nonEmpty(params: URLSearchParams, key: string): string | undefined {
  const v = params.get(key);
  return v === null || v.trim() === '' ? undefined : v.trim();
}

/**
 * `fmt=json` decides the failure body even when another parameter is bad, so it is read first. `fmt` may
 * also name the upload's format, alone or with the answer's (`fmt=parquet,json`; format-choice.ts).
 */
export function wantsJson(params: URLSearchParams): boolean {
  return (params.get('fmt') ?? '').split(',').some((w) => w.trim().toLowerCase() === 'json');
}

export function parseImportParams(params: URLSearchParams): ImportParams {
  const partitionText = nonEmpty(params, 'partitionBy');
  let partitionBy: PartitionBy | undefined;
  if (partitionText !== undefined) {
    partitionBy = PARTITION_BY_VALUES.find((p) => p === partitionText.toUpperCase());
    if (partitionBy === undefined) throw SvcError.badRequest('invalid partitionBy');
  }
  const timestamp = nonEmpty(params, 'timestamp');
  if (partitionBy !== undefined && partitionBy !== 'NONE' && timestamp === undefined) {
    throw SvcError.badRequest('when specifying partitionBy you must also specify timestamp');
  }
  const o3Text = nonEmpty(params, 'o3MaxLag');
  if (o3Text !== undefined && !/^[+-]?\d{1,18}$/.test(o3Text)) throw SvcError.badRequest('invalid o3MaxLag value, must be a long');
  const maxText = nonEmpty(params, 'maxUncommittedRows');
  if (maxText !== undefined && (!/^[+-]?\d{1,10}$/.test(maxText) || Math.abs(Number(maxText)) > 2147483647)) {
    throw SvcError.badRequest('invalid maxUncommittedRows, must be an int');
  }
  const delimiterText = params.get('delimiter');
  let delimiter: number | undefined;
  if (delimiterText !== null && delimiterText !== '') {
    const bytes = Buffer.from(delimiterText, 'utf8');
    if (bytes.length !== 1 || bytes[0] === 0x22 || bytes[0] === 0x0a || bytes[0] === 0x0d) {
      throw SvcError.badRequest('invalid delimiter, must be a single byte other than a quote or a line end');
    }
    delimiter = bytes[0];
  }
  return {
    name: nonEmpty(params, 'name'),
    overwrite: flag(params, 'overwrite'),
    // Reference: an unknown atomicity value falls back to skipCol.
    atomicity: ATOMICITY[params.get('atomicity')?.trim().toLowerCase() ?? ''] ?? 'skipCol',
    partitionBy,
    timestamp,
    forceHeader: flag(params, 'forceHeader'),
    skipLev: flag(params, 'skipLev'),
    delimiter,
    json: wantsJson(params),
    create: params.get('create')?.trim().toLowerCase() !== 'false',
    o3MaxLag: o3Text === undefined ? undefined : Number(o3Text),
    maxUncommittedRows: maxText === undefined ? undefined : Number(maxText),
  };
}
