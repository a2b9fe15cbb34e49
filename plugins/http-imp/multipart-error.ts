/**
 * A body that is not a well-formed multipart upload (no boundary, truncated, a part without a name, part
 * headers past their limit): a 400, unlike the request-level failures QuestDB answers with 200.
 */
import { SvcError } from '../../core/errors';

export class MultipartError extends SvcError {
  constructor(message: string, readonly plainText = false) {
    super(message, 400);
  }
}

/** POST without a multipart body: QuestDB's exact text/plain answer. */
export const NON_MULTIPART = 'Non-multipart POST not supported';
