/**
 * `Content-Disposition` of /exp: `attachment; filename="<name>.<ext>"`, the name
 * from `filename` or `svc-query-<epochMillis>`. A name that already ends in the extension keeps it
 * once (QuestDB itself would send `x.csv.csv`).
 */
export function contentDisposition(filename: string | null, extension: string, nowMillis: number): string {
  let name = filename === null || filename.trim() === '' ? `svc-query-${nowMillis}` : filename.trim();
  // Quotes and line breaks cannot stand inside the quoted header value.
  name = name.replace(/["\r\n\\]/g, '_');
  const suffix = `.${extension}`;
  if (!name.toLowerCase().endsWith(suffix)) name += suffix;
  return `attachment; filename="${name}"`;
}
