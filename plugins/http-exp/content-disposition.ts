/**
 * `Content-Disposition` of /exp: `attachment; filename="<name>.<ext>"`, the name from `filename` or
 * `svc-query-<epochMillis>`. A name that already ends in the extension keeps it once (`x.csv`, not
 * `x.csv.csv`). Any `filename` works: control characters (NUL, 0x01, 0x7F, line breaks), quotes and
 * backslashes become `_`, and a name with non-ASCII characters is sent as RFC 6266 `filename*=UTF-8''…`
 * (percent-encoded UTF-8) after a plain `filename="…"` fallback with `_` in their place, which every
 * browser and `curl -OJ` understand. Names are cut to 200 characters before the extension.
 */
const MAX_NAME_CHARS = 200;

/** RFC 5987 attr-char: what `filename*` may carry unencoded. */
const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/;

export function contentDisposition(filename: string | null, extension: string, nowMillis: number): string {
  const given = filename === null ? '' : filename.trim();
  let name = given === '' ? `svc-query-${nowMillis}` : given;
  // Control characters, quotes and backslashes cannot stand inside the quoted header value.
  name = name.replace(/[\u0000-\u001f\u007f"\\]/g, '_');
  let suffix = `.${extension}`;
  if (name.toLowerCase().endsWith(suffix)) {
    suffix = name.slice(-suffix.length);
    name = name.slice(0, -suffix.length);
  }
  name = [...name].slice(0, MAX_NAME_CHARS).join('') + suffix;
  if (/^[\x20-\x7e]*$/.test(name)) return `attachment; filename="${name}"`;
  const fallback = [...name].map((ch) => (ch.charCodeAt(0) < 0x80 ? ch : '_')).join('');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${percentEncode(name)}`;
}

/** UTF-8 bytes of `text`, every byte that is not an attr-char as `%XX`. */
function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += byte < 0x80 && ATTR_CHAR.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
