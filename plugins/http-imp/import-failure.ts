/**
 * The /imp error shape. Request-level failures answer HTTP 200 with the bare message (tabular) or
 * `{"status":"<message>"}` (`fmt=json`) and close the connection, as QuestDB does. A body that is not a
 * well-formed multipart upload is the client's framing mistake: 400 (`Non-multipart POST not supported` as
 * text/plain, whatever `fmt`). A refused write keeps its 403; anything unexpected is a 500 in the same shape.
 */
import { ErrorShape } from '../../core/server/error-shape';
import { CONTENT_TYPE } from '../../core/server/response-framing';
import { renderFailure } from './import-result';
import { MultipartError } from './multipart-error';

export function importErrorShape(json: boolean): ErrorShape {
  return ({ status, message, error }) => {
    if (error instanceof MultipartError && error.plainText) {
      return { status: 400, contentType: CONTENT_TYPE.text, body: `${message}\r\n`, close: true };
    }
    const answerStatus = error instanceof MultipartError || status === 403 || status >= 500 ? status : 200;
    return { status: answerStatus, contentType: json ? CONTENT_TYPE.json : CONTENT_TYPE.text, body: renderFailure(message, json), close: true };
  };
}
