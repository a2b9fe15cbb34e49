/**
 * GET /chk?j=<table>[&f=json], the web console's import check: `Exists` for a table or a system relation
 * (`telemetry_config`, a table in QuestDB) and `Does not exist` for every other name (QuestDB 9.4.4 answers so also for names that cannot be tables and
 * for folders under the db root that are not tables), as text with CRLF or,
 * with `f=json`, as `{"status":"…"}` (application/json without charset, Keep-Alive header).
 */
import { inject, injectable } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import { HTTP_CONTEXT_TABLE_STATUS } from '../../core/config/server-keys';
import { HttpExchange, HttpMethod, HttpRoute } from '../../core/extension/http-route';
import { StorageEngine } from '../../core/extension/storage-engine';
import { SystemRelations } from '../../core/sql/system-relations';
import { CONTENT_TYPE, ResponseFraming } from '../../core/server/response-framing';

export type TableStatus = 'Exists' | 'Does not exist';

@injectable()
export class TableStatusRoute implements HttpRoute {
  readonly listener = 'api';
  readonly path: string;
  readonly methods: readonly HttpMethod[] = ['GET', 'HEAD'];

  constructor(
    @inject(ServerConfig) config: ServerConfig,
    @inject(StorageEngine, { isOptional: true }) private readonly storage: StorageEngine | undefined,
    @inject(ResponseFraming) private readonly framing: ResponseFraming,
    @inject(SystemRelations) private readonly systemRelations: SystemRelations,
  ) {
    this.path = config.get(HTTP_CONTEXT_TABLE_STATUS) ?? '/chk';
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
    return this.storage?.getTable(table) || this.systemRelations.has(table) ? 'Exists' : 'Does not exist';
  }
}
