/**
 * GET /warnings: start-up warnings the web console shows, `[]` normally. svc checks the
 * one host limit that matters to it: the system-wide open-file limit (`fs.file-max`), since every table
 * column is a file.
 */
import { readFileSync } from 'node:fs';
import { inject, injectable } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import { HTTP_CONTEXT_WARNINGS } from '../../core/config/server-keys';
import { HttpExchange, HttpMethod, HttpRoute } from '../../core/extension/http-route';
import { LogFactory } from '../../core/log/log';
import { CONTENT_TYPE, ResponseFraming } from '../../core/server/response-framing';

export const RECOMMENDED_FILE_MAX = 1_048_576;

export interface ServerWarning {
  readonly tag: string;
  readonly warning: string;
}

/** The warnings for a host whose `fs.file-max` is `fileMax` (undefined when it cannot be read). */
export function hostWarnings(fileMax: number | undefined): ServerWarning[] {
  if (fileMax === undefined || fileMax >= RECOMMENDED_FILE_MAX) return [];
  return [{ tag: 'TOO MANY OPEN FILES', warning: `fs.file-max limit is too low [current=${fileMax}, recommended=${RECOMMENDED_FILE_MAX}]` }];
}

function readFileMax(): number | undefined {
  try {
    const n = Number(readFileSync('/proc/sys/fs/file-max', 'utf8').trim());
    return Number.isFinite(n) ? n : undefined;
  } catch {
    return undefined;
  }
}

@injectable()
export class WarningsRoute implements HttpRoute {
  readonly listener = 'api';
  readonly path: string;
  readonly methods: readonly HttpMethod[] = ['GET', 'HEAD'];
  readonly requiresAuth = false;
  private readonly body: string;

  constructor(
    @inject(ServerConfig) config: ServerConfig,
    @inject(ResponseFraming) private readonly framing: ResponseFraming,
    @inject(LogFactory) logs: LogFactory,
  ) {
    this.path = config.get(HTTP_CONTEXT_WARNINGS) ?? '/warnings';
    const warnings = hostWarnings(readFileMax());
    const log = logs.create('http-console');
    for (const w of warnings) log.advisory(`warning for the web console: ${w.warning}`);
    this.body = JSON.stringify(warnings);
  }

  async handle({ res }: HttpExchange): Promise<void> {
    this.framing.send(res, 200, CONTENT_TYPE.jsonNoCharset, this.body);
  }
}
