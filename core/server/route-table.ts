/** The routes of one listener, looked up by exact path, with `*` as the fallback for every other path. */
import { HttpRoute } from '../extension/http-route';
import { SvcError } from '../errors';

export type RouteMatch =
  | { readonly kind: 'route'; readonly route: HttpRoute }
  | { readonly kind: 'notFound' }
  | { readonly kind: 'methodNotAllowed'; readonly allow: readonly string[]; readonly routes: readonly HttpRoute[] };

export class RouteTable {
  private readonly byPath = new Map<string, HttpRoute[]>();
  private readonly fallback: HttpRoute[] = [];

  constructor(routes: readonly HttpRoute[]) {
    for (const r of routes) {
      const list = r.path === '*' ? this.fallback : this.listFor(r.path);
      for (const m of r.methods) {
        if (list.some((o) => o.methods.includes(m))) {
          throw new SvcError(`two routes claim ${m} ${r.path} on the ${r.listener} listener`);
        }
      }
      list.push(r);
    }
  }

  get paths(): readonly string[] {
    return [...this.byPath.keys()];
  }

  match(method: string, path: string): RouteMatch {
    const exact = this.byPath.get(path);
    const candidates = exact ?? (this.fallback.length > 0 ? this.fallback : undefined);
    if (!candidates) return { kind: 'notFound' };
    const route = candidates.find((r) => r.methods.includes(method as never));
    if (route) return { kind: 'route', route };
    return { kind: 'methodNotAllowed', allow: candidates.flatMap((r) => r.methods), routes: candidates };
  }

  /** The methods served at `path` (exact routes, else the fallback's); undefined when none is. */
  methodsAt(path: string): readonly string[] | undefined {
    const candidates = this.byPath.get(path) ?? (this.fallback.length > 0 ? this.fallback : undefined);
    return candidates?.flatMap((r) => r.methods);
  }

  private listFor(path: string): HttpRoute[] {
    let list = this.byPath.get(path);
    if (!list) {
      list = [];
      this.byPath.set(path, list);
    }
    return list;
  }
}
