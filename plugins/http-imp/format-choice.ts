/**
 * Which ImportFormat reads an upload (svc's own, beyond QuestDB's CSV-only /imp): the one `fmt` names
 * (`fmt=parquet`, `fmt=ndjson,json`: input and answer formats may be combined), else the first format
 * whose `detect` recognises the upload's first bytes or file name (Parquet's `PAR1` magic, an `.ndjson`
 * name or a leading `{`), else `delimited` (CSV/TSV/…).
 */
import { ImportFormat } from '../../core/extension/import-format';

/** The `fmt` words that name an answer format rather than an input format. */
const ANSWER_FORMATS = new Set(['json', 'tabular']);

/** The input format words of `fmt` (lower case), e.g. `parquet` in `fmt=parquet,json`. */
export function requestedInputFormats(fmt: string | null): string[] {
  if (fmt === null) return [];
  return fmt.split(',').map((s) => s.trim().toLowerCase()).filter((s) => s !== '' && !ANSWER_FORMATS.has(s));
}

export function chooseFormat(formats: readonly ImportFormat[], requested: readonly string[], head: Uint8Array,
  filename: string | undefined): ImportFormat | undefined {
  for (const word of requested) {
    const named = formats.find((f) => f.fmts?.includes(word));
    if (named) return named;
  }
  return formats.find((f) => f.detect?.(head, filename) === true) ?? formats.find((f) => f.name === 'delimited') ?? formats[0];
}
