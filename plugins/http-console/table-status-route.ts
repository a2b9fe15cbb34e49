/**
 * GET /chk?j=<table>[&f=json], the web console's import check: `Exists`, `Does not exist`
 * or `Reserved name` (a folder of that name under the db root that is not a table), as text with CRLF or,
 * with `f=json`, as `{"status":"…"}` (application/json without charset, Keep-Alive header).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { inject, injectable } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import { CAIRO_ROOT, HTTP_CONTEXT_TABLE_STATUS } from '../../core/config/server-keys';
import { HttpExchange, HttpMethod, HttpRoute } from '../../core/extension/http-route';
import { StorageEngine } from '../../core/extension/storage-engine';
import { RootDirectory } from '../../core/root-directory';
import { CONTENT_TYPE, ResponseFraming } from '../../core/server/response-framing';

export type TableStatus = 'Exists' | 'Does not exist' | 'Reserved name';

@injectable()
export class TableStatusRoute implements HttpRoute {
  readonly listener = 'api';
  readonly path: string;
  readonly methods: readonly HttpMethod[] = ['GET', 'HEAD'];
  private readonly dbRoot: string;

  constructor(
    @inject(ServerConfig) config: ServerConfig,
    @inject(RootDirectory) root: RootDirectory,
    @inject(StorageEngine, { isOptional: true }) private readonly storage: StorageEngine | undefined,
    @inject(ResponseFraming) private readonly framing: ResponseFraming,
  ) {
    this.path = config.get(HTTP_CONTEXT_TABLE_STATUS) ?? '/chk';
    this.dbRoot = root.db(config.get(CAIRO_ROOT) ?? 'db');
  }

  async handle({ res, params }: HttpExchange): Promise<void> {
    const table = params.get('j');
    if (table === null || table === '') {
      this.framing.send(res, 200, CONTENT_TYPE.text, 'table name missing\r\n');
      return;
    }
    const status = this.status(table);
    if (params.get('f') === 'json') {
      this.framing.send(res, 200, CONTENT_TYPE.jsonNoCharset, `{"status":"${status}"}`, { keepAliveHeader: true });
    } else {
      this.framing.send(res, 200, CONTENT_TYPE.text, `${status}\r\n`);
    }
  }

  status(table: string): TableStatus {
    if (this.storage?.getTable(table)) return 'Exists';
    if (/[/\\]|^\.+$/.test(table)) return 'Reserved name';
    return existsSync(join(this.dbRoot, table)) ? 'Reserved name' : 'Does not exist';
  }
}
