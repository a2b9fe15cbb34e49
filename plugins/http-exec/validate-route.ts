/**
 * GET /api/v1/sql/validate?query=… (QuestDB's web console calls it as you type, and before it runs a shared
 * link `/?query=…&executeQuery=true`): compiles one statement — parse, bind, plan — and never executes it, so a
 * validated INSERT, CREATE or DROP changes nothing. Answers as QuestDB 9.4.4's SqlValidationProcessor:
 * - a query (SELECT, SHOW, a table function): 200 `{"query":…,"columns":[…],"timestamp":n}` (`nm=true`: `{}`);
 * - any other statement: 200 `{"queryType":"INSERT"}`, `"CREATE TABLE"`, `"DROP"`, … (core/sql/statement-type.ts);
 * - an error: its status (400 for SQL errors) with `{query, error, position}`, as /exec;
 * - no or an empty `query`: 200 with /exec's empty-query body; a blank one is `{"queryType":"EMPTY"}`.
 * Credentials as /exec. `http.security.readonly` does not refuse it: it writes nothing.
 */
import { HttpExchange, HttpMethod, HttpRoute } from '../../core/extension/http-route';
import { SvcError } from '../../core/errors';
import { Log } from '../../core/log/log';
import { ErrorResponder } from '../../core/server/error-responder';
import { ErrorShape } from '../../core/server/error-shape';
import { CONTENT_TYPE, ResponseFraming } from '../../core/server/response-framing';
import { CompiledQuery, QueryEngine } from '../../core/sql/query-engine';
import { emptyQueryBody, queryErrorShape } from './exec-bodies';
import { parseExecParams } from './exec-params';
import { columnsJson } from './json-result-writer';
import { jsonString } from './json-text';
import { socketFd } from './socket-fd';

/** Where QuestDB serves it, below the web console's context (`http.context.web.console`). */
export const VALIDATE_PATH = '/api/v1/sql/validate';

/** `/api/v1/sql/validate`, and the same below a web console context other than `/` (`/console/api/v1/sql/validate`). */
export function validatePaths(consoleContext: string | undefined): string[] {
  const context = (consoleContext ?? '/').trim().replace(/\/+$/, '');
  const below = `${context === '' || context.startsWith('/') ? context : `/${context}`}${VALIDATE_PATH}`;
  return below === VALIDATE_PATH ? [VALIDATE_PATH] : [VALIDATE_PATH, below];
}

export interface ValidateRouteServices {
  readonly engine: QueryEngine | undefined;
  readonly framing: ResponseFraming;
  readonly responder: ErrorResponder;
  readonly log: Log;
}

/** The answer for a statement that compiled. */
export function validationBody(query: string, compiled: CompiledQuery, noMeta: boolean): string {
  const type = compiled.statementType ?? (compiled.kind === 'select' ? 'SELECT' : 'UNKNOWN');
  if (type !== 'SELECT') return `{"queryType":${jsonString(type)}}`;
  if (noMeta) return '{}';
  return `{"query":${jsonString(query)},"columns":${columnsJson(compiled.columns ?? [])},"timestamp":${compiled.timestampIndex ?? -1}}`;
}

export class ValidateRoute implements HttpRoute {
  readonly listener = 'api';
  readonly methods: readonly HttpMethod[] = ['GET', 'HEAD'];
  readonly errorShape = (exchange: HttpExchange): ErrorShape => queryErrorShape(exchange.params.get('query') ?? '');

  constructor(readonly path: string, private readonly services: ValidateRouteServices) {}

  async handle(exchange: HttpExchange): Promise<void> {
    const { req, res } = exchange;
    const { framing, log } = this.services;
    const params = parseExecParams(req, exchange.params);
    const send = (body: string): void => framing.send(res, 200, CONTENT_TYPE.json, body, { keepAliveHeader: true });
    try {
      if (params.badUtf8) throw SvcError.sql(0, 'Bad UTF8 encoding in query text');
      if (params.query === '') {
        send(emptyQueryBody(params.version2, params.query));
        return;
      }
      log.info(`validate [fd=${socketFd(req)}, query=${params.query}]`);
      if (params.query.trim() === '') {
        send('{"queryType":"EMPTY"}');
        return;
      }
      if (!this.services.engine) throw new SvcError('no SQL engine is installed', 500);
      send(validationBody(params.query, this.services.engine.compile(params.query), params.noMeta));
    } catch (e) {
      this.services.responder.fail(exchange, e, log, queryErrorShape(params.query));
    }
  }
}
