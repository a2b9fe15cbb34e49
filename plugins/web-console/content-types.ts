/**
 * Content types of static files by extension. A built-in table covers what a web console ships; a
 * `<root>/conf/mime.types` file (QuestDB's format: `type ext1 ext2 …` per line, `#` comments)
 * adds to it or overrides it, as QuestDB reads its own copy of that file.
 */
import { extname } from 'node:path';

const BUILT_IN: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8', htm: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8', mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8', json: 'application/json', map: 'application/json',
  txt: 'text/plain; charset=utf-8', csv: 'text/csv; charset=utf-8', xml: 'application/xml',
  svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif',
  webp: 'image/webp', ico: 'image/x-icon', woff: 'font/woff', woff2: 'font/woff2', ttf: 'font/ttf',
  otf: 'font/otf', wasm: 'application/wasm', webmanifest: 'application/manifest+json', pdf: 'application/pdf',
};

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** Text types get `charset=utf-8` when the mime.types line names none. */
function withCharset(type: string): string {
  if (type.includes(';')) return type;
  return type.startsWith('text/') || type === 'application/javascript' ? `${type}; charset=utf-8` : type;
}

/** Parses mime.types text into extension → type (lower-case extensions, later lines win). */
export function parseMimeTypes(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim().replace(/;$/, '');
    if (line === '') continue;
    const [type, ...extensions] = line.split(/\s+/);
    if (!type.includes('/')) continue;
    for (const ext of extensions) out.set(ext.toLowerCase(), withCharset(type));
  }
  return out;
}

export class ContentTypes {
  private readonly byExtension: Map<string, string>;

  constructor(overrides: ReadonlyMap<string, string> = new Map()) {
    this.byExtension = new Map([...Object.entries(BUILT_IN), ...overrides]);
  }

  /** The type for a file name, or application/octet-stream. */
  of(fileName: string): string {
    return this.byExtension.get(extname(fileName).slice(1).toLowerCase()) ?? DEFAULT_CONTENT_TYPE;
  }
}
