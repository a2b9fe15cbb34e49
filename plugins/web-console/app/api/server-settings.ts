/**
 * GET /settings (no credentials needed): the server's version and the instance preferences
 * (`instance_name`, …) the console shows in its top bar. Also the reachability probe of the banner.
 */
import { ApiClient } from './api-client';

export interface ServerSettings {
  readonly version?: string;
  readonly instanceName?: string;
}

export function serverSettings(body: unknown): ServerSettings {
  const o = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const config = typeof o.config === 'object' && o.config !== null ? (o.config as Record<string, unknown>) : o;
  const prefs = typeof o.preferences === 'object' && o.preferences !== null ? (o.preferences as Record<string, unknown>) : {};
  const version = config['release.version'];
  const name = prefs.instance_name;
  return {
    ...(typeof version === 'string' ? { version } : {}),
    ...(typeof name === 'string' && name !== '' ? { instanceName: name } : {}),
  };
}

export async function fetchSettings(client: ApiClient): Promise<ServerSettings> {
  const response = await client.get('settings');
  return serverSettings(await response.json());
}
