/**
 * /settings: GET (no authentication) answers the server facts the web console and ILP
 * clients read at connect plus the console preferences; PUT replaces and POST merges the preferences
 * (`?version=<n>` = the version the edit was based on). Errors are `{"error":"…"}` with 400, 403 or 409.
 */
import { inject, injectable } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import { CAIRO_MAX_FILE_NAME_LENGTH, HTTP_CONTEXT_SETTINGS, HTTP_SECURITY_READONLY, HTTP_SETTINGS_READONLY } from '../../core/config/server-keys';
import { isSvcError, SvcError } from '../../core/errors';
import { HttpExchange, HttpMethod, HttpRoute } from '../../core/extension/http-route';
import { VERSION } from '../../core/project';
import { CONTENT_TYPE, ResponseFraming } from '../../core/server/response-framing';
import { ConsolePreferences, isJsonObject } from './console-preferences';
import { readBody } from './read-body';

const MAX_PREFERENCES_BYTES = 1024 * 1024;

@injectable()
export class SettingsRoute implements HttpRoute {
  readonly listener = 'api';
  readonly path: string;
  readonly methods: readonly HttpMethod[] = ['GET', 'HEAD', 'PUT', 'POST'];
  readonly requiresAuth = (method: string): boolean => method !== 'GET' && method !== 'HEAD';
  private readonly configJson: string;
  private readonly settingsReadonly: boolean;

  constructor(
    @inject(ServerConfig) config: ServerConfig,
    @inject(ConsolePreferences) private readonly preferences: ConsolePreferences,
    @inject(ResponseFraming) private readonly framing: ResponseFraming,
  ) {
    this.path = config.get(HTTP_CONTEXT_SETTINGS) ?? '/settings';
    this.settingsReadonly = config.get(HTTP_SETTINGS_READONLY);
    const writable = !config.get(HTTP_SECURITY_READONLY);
    // Key order and the spaces inside the string arrays follow QuestDB's body. svc takes writes
    // over HTTP only (no TCP line protocol, no PGWire).
    this.configJson = `{"release.type":"OSS","release.version":${JSON.stringify(VERSION)},"acl.enabled":false,`
      + `"http.settings.readonly":${this.settingsReadonly},"accepting.writes":[${writable ? '"http"' : ''}],`
      + `"line.proto.support.versions":[1,2,3],"ilp.proto.transports":["http"],"posthog.enabled":false,`
      + `"posthog.api.key":null,"cairo.max.file.name.length":${config.get(CAIRO_MAX_FILE_NAME_LENGTH)}}`;
  }

  async handle(exchange: HttpExchange): Promise<void> {
    const { req, res } = exchange;
    if (req.method === 'GET' || req.method === 'HEAD') {
      const { version, preferences } = this.preferences.current;
      this.framing.sendJson(res, 200, `{"config":${this.configJson},"preferences.version":${version},"preferences":${JSON.stringify(preferences)}}`, false);
      return;
    }
    try {
      if (this.settingsReadonly) throw new SvcError('settings are read-only [http.settings.readonly=true]', 403);
      const versionText = exchange.params.get('version') ?? '';
      if (!/^\d{1,15}$/.test(versionText)) throw new SvcError(`Invalid version, numeric value expected [version='${versionText}']`, 400);
      const body = await readBody(req, MAX_PREFERENCES_BYTES);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        throw new SvcError('Invalid preferences, a JSON object expected', 400);
      }
      if (!isJsonObject(parsed)) throw new SvcError('Invalid preferences, a JSON object expected', 400);
      this.preferences.update(Number(versionText), parsed, req.method === 'POST');
      this.framing.send(res, 200, CONTENT_TYPE.json, '');
    } catch (e) {
      if (!isSvcError(e) || e.statusCode >= 500) throw e;
      this.framing.sendJson(res, e.statusCode, `{"error":${JSON.stringify(e.message)}}`, false);
    }
  }
}
