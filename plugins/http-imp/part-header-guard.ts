/**
 * `http.multipart.header.buffer.size`: the most bytes the headers of one multipart part may take. formidable
 * collects a part's header lines without a bound, so its multipart parser is watched: once one part's header
 * fields and values pass the limit, the parser is destroyed with a MultipartError (a 400), which formidable
 * reports as the parse failure; nothing more of the body is parsed.
 */
import { EventEmitter } from 'node:events';
import { MultipartError } from './multipart-error';

interface ParserEvent {
  readonly name?: unknown;
  readonly start?: unknown;
  readonly end?: unknown;
}

/** Call right after creating the form: the multipart parser exists once formidable's plugin has run. */
export function guardPartHeaders(form: EventEmitter, limit: number): void {
  form.once('plugin', () => {
    const parser: unknown = Reflect.get(form, '_parser');
    if (!(parser instanceof EventEmitter) || typeof Reflect.get(parser, 'destroy') !== 'function') return;
    let bytes = 0;
    parser.on('data', (e: ParserEvent) => {
      if (e.name === 'partBegin') bytes = 0;
      else if ((e.name === 'headerField' || e.name === 'headerValue') && typeof e.start === 'number' && typeof e.end === 'number') {
        bytes += e.end - e.start;
        if (bytes > limit) {
          const destroy: unknown = Reflect.get(parser, 'destroy');
          if (typeof destroy === 'function') {
            Reflect.apply(destroy, parser, [new MultipartError(`multipart part headers too large [limit=${limit}] (http.multipart.header.buffer.size)`)]);
          }
        }
      }
    });
  });
}
