/**
 * The /exec requests that control running queries rather than run one (svc's own, beyond QuestDB's API):
 * `DELETE /exec?query_id=<id>` or `GET /exec?cancel=<id>` cancel the query running under that id (its own
 * request then answers 400 `cancelled by user [query_id=<id>]`), and `GET /exec?query_id=<id>` without a
 * `query` answers its progress `{query_id, endpoint, query, rowsScanned, rowsReturned, elapsedMs}`. An id
 * that runs nothing answers 404 `{"query_id":…,"error":"query is not running"}`; `DELETE /exec` without an id
 * answers 405 with QuestDB's message `Method DELETE not supported` in /exec's error shape.
 */
import { HttpExchange } from '../../core/extension/http-route';
import { Log } from '../../core/log/log';
import { CONTENT_TYPE, ResponseFraming } from '../../core/server/response-framing';
import { RunningQueries } from '../../core/server/running-queries';
import { queryErrorShape } from './exec-bodies';
import { ExecParams } from './exec-params';
import { jsonString } from './json-text';

/** Answers a control request and returns true; returns false for an ordinary query. */
export function answerQueryControl(exchange: HttpExchange, params: ExecParams, running: RunningQueries,
  framing: ResponseFraming, log: Log): boolean {
  const method = exchange.req.method;
  const cancelId = method === 'DELETE' ? params.queryId ?? params.cancelId : params.cancelId;
  const statusId = method !== 'DELETE' && cancelId === undefined && params.query.trim() === '' ? params.queryId : undefined;
  const id = cancelId ?? statusId;
  if (id === undefined) {
    if (method !== 'DELETE') return false;
    // Without an id there is nothing to cancel: QuestDB's message for a method /exec does not serve, in its shape.
    const answer = queryErrorShape(params.query)({ status: 405, expected: true, message: 'Method DELETE not supported', position: undefined, error: undefined });
    framing.sendError(exchange.res, { ...answer, headers: [['Allow', 'GET, HEAD, POST']] });
    return true;
  }
  const query = running.get(id);
  if (!query) {
    framing.send(exchange.res, 404, CONTENT_TYPE.json, `{"query_id":${jsonString(id)},"error":"query is not running"}`);
    return true;
  }
  if (cancelId !== undefined) {
    log.info(`cancelling [query_id=${id}, query=${query.query}]`);
    query.cancel();
    framing.send(exchange.res, 200, CONTENT_TYPE.json, `{"query_id":${jsonString(id)},"cancelled":true}`);
  } else {
    framing.send(exchange.res, 200, CONTENT_TYPE.json, query.toJson());
  }
  return true;
}
