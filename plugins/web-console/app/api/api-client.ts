/**
 * The one way the app reaches the server: GET requests to the public HTTP API, relative to the page (the
 * index page says where the API lives: `<meta name="svc-api-base">`). Credentials the browser already
 * holds (its own Basic prompt) travel by themselves; credentials typed into the app's sign-in form are
 * added as an `Authorization` header. Every answer tells the connection banner whether the server was
 * reachable and whether it refused the credentials (401).
 */
export type ConnectionProblem = 'unreachable' | 'unauthorized';
export type ConnectionListener = (problem: ConnectionProblem | undefined) => void;

/** The fetch failed before any HTTP answer (server down, network gone). */
export class ServerUnreachable extends Error {
  constructor(readonly url: string) {
    super(`cannot reach the server [url=${url}]`);
    this.name = 'ServerUnreachable';
  }
}

const AUTH_KEY = 'svc.console.authorization';

export type QueryParams = Readonly<Record<string, string | undefined>>;

export class ApiClient {
  private authorization: string | undefined;
  private readonly listeners = new Set<ConnectionListener>();

  constructor(readonly base: URL) {
    this.authorization = readSession(AUTH_KEY);
  }

  /** The base from the page's meta tag, else the page's own folder. */
  static fromPage(): ApiClient {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="svc-api-base"]')?.content ?? './';
    const base = meta.startsWith('%') || meta === '' ? './' : meta;
    return new ApiClient(new URL(base, document.baseURI));
  }

  url(path: string, params: QueryParams = {}): string {
    const url = new URL(path, this.base);
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
    return url.toString();
  }

  /** Headers the app adds itself (the signed-in Authorization). */
  headers(): Record<string, string> {
    return this.authorization === undefined ? {} : { Authorization: this.authorization };
  }

  /** True when the app holds credentials of its own (then plain links cannot carry them). */
  get hasOwnCredentials(): boolean {
    return this.authorization !== undefined;
  }

  /** Uses `Basic base64(user:password)` or `Bearer <token>` from now on (this tab only). */
  signIn(authorization: string | undefined): void {
    this.authorization = authorization;
    try {
      if (authorization === undefined) window.sessionStorage.removeItem(AUTH_KEY);
      else window.sessionStorage.setItem(AUTH_KEY, authorization);
    } catch {
      // Session storage disabled: the credentials last until the page is reloaded.
    }
  }

  onConnection(listener: ConnectionListener): void {
    this.listeners.add(listener);
  }

  /** A GET; rejects with ServerUnreachable when no answer came (an abort rejects with the AbortError). */
  async get(path: string, params: QueryParams = {}, signal?: AbortSignal): Promise<Response> {
    return this.send(path, params, { method: 'GET', signal });
  }

  async send(path: string, params: QueryParams, init: RequestInit): Promise<Response> {
    const url = this.url(path, params);
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers: { ...this.headers(), ...init.headers }, credentials: 'same-origin', cache: 'no-store' });
    } catch (e) {
      if (init.signal?.aborted) throw e;
      this.report('unreachable');
      throw new ServerUnreachable(url);
    }
    this.report(response.status === 401 ? 'unauthorized' : undefined);
    return response;
  }

  /** Called by requests made outside `send` (the import's XMLHttpRequest). */
  report(problem: ConnectionProblem | undefined): void {
    for (const l of this.listeners) l(problem);
  }
}

function readSession(key: string): string | undefined {
  try {
    return window.sessionStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}
