/**
 * Cross-origin access for browsers (svc's own, beyond QuestDB's API): `http.cors.allowed.origins` lists the
 * origins whose pages may call the API (`*` = any; empty, the default, = none, and no CORS header is ever
 * sent). For an allowed `Origin` every answer, errors and 401 included, carries
 * `Access-Control-Allow-Origin` (the origin itself, so caches keep origins apart via `Vary: Origin`),
 * `Access-Control-Expose-Headers` for the headers scripts read, and `Access-Control-Allow-Credentials: true`
 * when `http.cors.allow.credentials=true` (then `*` also answers with the caller's own origin, as browsers
 * require for credentialed requests). A preflight (OPTIONS with `Access-Control-Request-Method`) is
 * answered before authentication, since browsers send it without credentials.
 */
import { IncomingMessage } from 'node:http';

export interface CorsSettings {
  readonly allowedOrigins: readonly string[];
  readonly allowCredentials: boolean;
  readonly maxAgeSeconds: number;
}

/** Response headers scripts may read: the export file name, the query id, the encoding. */
export const EXPOSED_HEADERS = 'Content-Disposition, Content-Encoding, X-Svc-Query-Id';

export type Preflight =
  | { readonly kind: 'none' }
  | { readonly kind: 'refused' }
  | { readonly kind: 'allowed'; readonly headers: readonly (readonly [string, string])[] };

export class CorsPolicy {
  private readonly any: boolean;
  private readonly origins: ReadonlySet<string>;

  constructor(private readonly settings: CorsSettings) {
    this.any = settings.allowedOrigins.includes('*');
    this.origins = new Set(settings.allowedOrigins.map((o) => o.replace(/\/+$/, '').toLowerCase()));
  }

  get enabled(): boolean {
    return this.settings.allowedOrigins.length > 0;
  }

  private allowed(origin: string): boolean {
    return this.any || this.origins.has(origin.toLowerCase());
  }

  private originHeaders(origin: string): [string, string][] {
    const headers: [string, string][] = [];
    if (this.any && !this.settings.allowCredentials) headers.push(['Access-Control-Allow-Origin', '*']);
    else headers.push(['Access-Control-Allow-Origin', origin], ['Vary', 'Origin']);
    if (this.settings.allowCredentials) headers.push(['Access-Control-Allow-Credentials', 'true']);
    return headers;
  }

  /** Headers for an ordinary (non-preflight) answer to `req`; none when CORS is off or the origin is not allowed. */
  responseHeaders(req: IncomingMessage | undefined): [string, string][] {
    const origin = req?.headers.origin;
    if (!this.enabled || origin === undefined || !this.allowed(origin)) return [];
    const headers = this.originHeaders(origin);
    headers.push(['Access-Control-Expose-Headers', EXPOSED_HEADERS]);
    return headers;
  }

  /**
   * A preflight request (`OPTIONS` with `Origin` and `Access-Control-Request-Method`): `none` when it is not
   * one, `refused` for an origin not allowed or a method the path does not serve, else the 204's own headers.
   */
  preflight(req: IncomingMessage, methods: readonly string[] | undefined): Preflight {
    const origin = req.headers.origin;
    const requested = req.headers['access-control-request-method'];
    if (req.method !== 'OPTIONS' || origin === undefined || requested === undefined || !this.enabled) return { kind: 'none' };
    if (!this.allowed(origin) || methods === undefined || !methods.includes(requested.toUpperCase())) return { kind: 'refused' };
    // The origin headers are added by ResponseFraming like on every answer.
    const headers: [string, string][] = [['Access-Control-Allow-Methods', methods.join(', ')]];
    const asked = req.headers['access-control-request-headers'];
    if (asked !== undefined && asked.trim() !== '') headers.push(['Access-Control-Allow-Headers', asked]);
    headers.push(['Access-Control-Max-Age', String(this.settings.maxAgeSeconds)]);
    return { kind: 'allowed', headers };
  }
}
