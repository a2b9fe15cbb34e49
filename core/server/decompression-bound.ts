/**
 * The decompression bound (`http.decompression.ratio.limit`): decoded bytes may exceed `ratio` times the
 * compressed bytes they came from only while fewer than DECOMPRESSION_GRACE bytes are decoded, so small
 * bodies of any ratio pass and a bomb is refused after at most 16 MiB of work. 0 turns the bound off.
 */
export const DECOMPRESSION_GRACE = 16 * 1024 * 1024;

/** The refusal's text when `decoded` bytes from `encoded` pass the bound, else undefined. */
export function decompressionRefusal(what: string, encoded: number, decoded: number, ratio: number): string | undefined {
  if (ratio <= 0 || decoded <= DECOMPRESSION_GRACE || decoded <= ratio * encoded) return undefined;
  const times = encoded > 0 ? Math.floor(decoded / encoded) : Infinity;
  return `${what} expands more than ${ratio} times (${decoded} bytes from ${encoded}, ${times}x) [http.decompression.ratio.limit=${ratio}]`;
}
