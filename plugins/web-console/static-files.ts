/**
 * Finds the file a static URL path names. Two roots are searched in order: the public directory
 * (`http.static.public.directory`, the user's: files put there win, so QuestDB's own console bundle can be
 * dropped in) and the app bundled with the server. A path that ends in `/` names the directory's index file
 * (`http.static.index.file.name`). `..`, NUL and backslash segments never resolve, so nothing outside
 * the roots is reachable; nor does a segment starting with a dot (`.git`, `.env`, `.htpasswd`: files a
 * folder's owner keeps out of sight), in either root. The bundled index page is a template, rendered by BundleIndex and served from
 * memory.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface StaticFile {
  readonly kind: 'file';
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
  /** A gzip-compressed copy made at build time (bundled files only). */
  readonly gzipPath?: string;
  readonly gzipSize?: number;
  /** The path relative to its root, with `/` separators. */
  readonly relativePath: string;
  readonly bundled: boolean;
}

export interface RenderedPage {
  readonly kind: 'memory';
  readonly body: Buffer;
  readonly mtimeMs: number;
  readonly relativePath: string;
  readonly bundled: true;
}

export type StaticEntity = StaticFile | RenderedPage;

export interface StaticRoots {
  readonly publicDir: string;
  readonly indexFileName: string;
  /** The bundled app's folder (dist/plugins/web-console/public). */
  readonly bundleDir?: string;
  /** The bundled app's index page, rendered. */
  readonly bundleIndex?: () => RenderedPage | undefined;
}

/** Splits a (decoded) URL path into safe segments; undefined when a segment could escape the root or is hidden. */
export function pathSegments(urlPath: string): string[] | undefined {
  const segments: string[] = [];
  for (const s of urlPath.split('/')) {
    if (s === '' || s === '.') continue;
    if (s.startsWith('.') || s.includes('\0') || s.includes('\\')) return undefined;
    segments.push(s);
  }
  return segments;
}

async function fileAt(path: string): Promise<{ size: number; mtimeMs: number; directory: boolean } | undefined> {
  try {
    const s = await stat(path);
    if (!s.isFile() && !s.isDirectory()) return undefined;
    return { size: s.size, mtimeMs: s.mtimeMs, directory: s.isDirectory() };
  } catch {
    return undefined;
  }
}

export class StaticFiles {
  constructor(private readonly roots: StaticRoots) {}

  /** The entity for a path below the web console context (`/`, `/assets/app-X.js`), or undefined. */
  async resolve(urlPath: string): Promise<StaticEntity | undefined> {
    const segments = pathSegments(urlPath);
    if (segments === undefined) return undefined;
    const wantsDirectory = urlPath === '' || urlPath.endsWith('/');
    const own = await this.find(this.roots.publicDir, segments, wantsDirectory, this.roots.indexFileName, false);
    if (own) return own;
    const { bundleDir, bundleIndex } = this.roots;
    if (bundleDir === undefined) return undefined;
    if (bundleIndex && (segments.length === 0 || (segments.length === 1 && segments[0] === 'index.html'))) return bundleIndex();
    return this.find(bundleDir, segments, wantsDirectory, 'index.html', true);
  }

  private async find(root: string, segments: readonly string[], wantsDirectory: boolean, index: string,
    bundled: boolean): Promise<StaticFile | undefined> {
    let relative = segments.join('/');
    let path = join(root, ...segments);
    let found = wantsDirectory ? undefined : await fileAt(path);
    if (wantsDirectory || found?.directory) {
      relative = relative === '' ? index : `${relative}/${index}`;
      path = join(path, index);
      found = await fileAt(path);
    }
    if (!found || found.directory) return undefined;
    const gzip = bundled ? await fileAt(`${path}.gz`) : undefined;
    return {
      kind: 'file', path, size: found.size, mtimeMs: found.mtimeMs, relativePath: relative, bundled,
      ...(gzip && !gzip.directory ? { gzipPath: `${path}.gz`, gzipSize: gzip.size } : {}),
    };
  }
}
