/**
 * /settings: GET (no authentication) answers the server facts the web console and ILP
 * clients read at connect plus the console preferences; PUT replaces and POST merges the preferences
 * (`?version=<n>` = the version the edit was based on). Errors are `{"error":"…"}` with 400, 403 or 409.
 */
import { inject, injectable } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import {
  CAIRO_MAX_FILE_NAME_LENGTH, HTTP_CONTEXT_SETTINGS, HTTP_SECURITY_READONLY, HTTP_SETTINGS_READONLY, LINE_HTTP_ENABLED, LINE_TCP_ENABLED,
  PG_ENABLED, PG_SECURITY_READONLY,
} from '../../core/config/server-keys';
import { SvcError } from '../../core/errors';
import { HttpExchange, HttpMethod, HttpRoute } from '../../core/extension/http-route';
import { VERSION } from '../../core/project';
import { ErrorResponder } from '../../core/server/error-responder';
import { ErrorShape } from '../../core/server/error-shape';
import { CONTENT_TYPE, ResponseFraming } from '../../core/server/response-framing';
import { ConsolePreferences, isJsonObject } from './console-preferences';
import { readBody } from '../../core/server/request-body';

const MAX_PREFERENCES_BYTES = 1024 * 1024;

/** `{"error":"…"}` with the error's status (no Keep-Alive header). */
const SETTINGS_ERRORS: ErrorShape = ({ status, message }) => ({ status, contentType: CONTENT_TYPE.json, body: `{"error":${JSON.stringify(message)}}` });

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
    @inject(ErrorResponder) private readonly responder: ErrorResponder,
  ) {
    this.path = config.get(HTTP_CONTEXT_SETTINGS) ?? '/settings';
    this.settingsReadonly = config.get(HTTP_SETTINGS_READONLY);
    const writable = !config.get(HTTP_SECURITY_READONLY);
    // Exactly QuestDB 9.4.4's OSS keys, no others (`acl.enabled` is enterprise-only). Key order and the
    // spaces inside the string arrays follow QuestDB's body. Line protocol
    // versions are the ones the parser implements: 1 (text) and 2 (binary DOUBLE and DOUBLE arrays); 3 adds
    // DECIMAL, which needs a DECIMAL column type. Clients with protocol_version=auto pick the highest.
    const transports = [config.get(LINE_TCP_ENABLED) ? '"tcp"' : '', config.get(LINE_HTTP_ENABLED) ? '"http"' : ''].filter((t) => t !== '');
    // A listener is named when it is enabled and takes writes (QuestDB 9.4.4: ["http", "tcp", "pgwire"]).
    const pgWritable = config.get(PG_ENABLED) && !config.get(PG_SECURITY_READONLY);
    const writes = writable
      ? [config.get(LINE_HTTP_ENABLED) ? '"http"' : '', config.get(LINE_TCP_ENABLED) ? '"tcp"' : '', pgWritable ? '"pgwire"' : ''].filter((t) => t !== '')
      : [];
    this.configJson = `{"release.type":"OSS","release.version":${JSON.stringify(VERSION)},`
      + `"http.settings.readonly":${this.settingsReadonly},"accepting.writes":[${writes.join(', ')}],`
      + `"line.proto.support.versions":[1,2,3],"ilp.proto.transports":[${transports.join(', ')}],"posthog.enabled":false,`
      + `"posthog.api.key":null,"cairo.max.file.name.length":${config.get(CAIRO_MAX_FILE_NAME_LENGTH)}}`;
  }

  readonly errorShape = (): ErrorShape => SETTINGS_ERRORS;

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
      this.responder.fail(exchange, e, undefined, SETTINGS_ERRORS);
    }
  }
}
