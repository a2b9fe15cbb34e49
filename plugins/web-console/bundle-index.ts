/**
 * The bundled app's index page is a template: `%SVC_API_BASE%` becomes the way from the page back to the
 * API routes, relative, so the app also works when a reverse proxy mounts svc under a sub-path. The page
 * lives at the web console context (`http.context.web.console`, `/` → `./`, `/console` → `../`). It is
 * rendered once and again only when the file changes (a rebuild while the server runs).
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { RenderedPage } from './static-files';

export const API_BASE_PLACEHOLDER = '%SVC_API_BASE%';

/** `./` for the root context, one `../` per context segment otherwise. */
export function apiBaseFor(context: string): string {
  const depth = context.split('/').filter((s) => s !== '').length;
  return depth === 0 ? './' : '../'.repeat(depth);
}

export class BundleIndex {
  private readonly path: string;
  private page: RenderedPage | undefined;

  constructor(bundleDir: string, private readonly context: string) {
    this.path = join(bundleDir, 'index.html');
  }

  /** The rendered page; undefined when the bundle has no index (the app was not built). */
  current(): RenderedPage | undefined {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.path).mtimeMs;
    } catch {
      return undefined;
    }
    if (this.page?.mtimeMs === mtimeMs) return this.page;
    try {
      const template = readFileSync(this.path, 'utf8');
      const body = Buffer.from(template.split(API_BASE_PLACEHOLDER).join(apiBaseFor(this.context)), 'utf8');
      this.page = { kind: 'memory', body, mtimeMs, relativePath: 'index.html', bundled: true };
    } catch {
      return undefined;
    }
    return this.page;
  }
}
