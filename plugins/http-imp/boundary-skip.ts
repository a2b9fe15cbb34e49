/**
 * A faster boundary search for formidable's multipart parser. formidable stays the multipart parser (part
 * headers, names, file names, the closing boundary, every malformed-body error); only the inside of a
 * part's body is searched differently. formidable looks at every `boundary.length`-th byte of a body and
 * steps back to compare whenever that byte occurs anywhere in the boundary: with a boundary of hex digits
 * (most clients) and a digit-heavy CSV that is nearly every byte, about 0.6 s of the request thread per
 * 500 MB. Here, while the parser is inside a body with no boundary match in progress, `Buffer.indexOf`
 * (native, Boyer–Moore–Horspool) finds the next `\r\n--<boundary>`; everything before it is handed on as
 * part data at once, and formidable's own loop parses only from there (the boundary, the next part's
 * headers), or the last `boundary.length - 1` bytes of a chunk from their first CR, where a boundary
 * split across chunks may begin. The data events are the same bytes in the same order, only cut
 * differently (boundary-skip.test.ts compares both on random bodies split at random).
 */
import { EventEmitter } from 'node:events';
import { MultipartParser } from 'formidable';

const CR = 13;
const PART_DATA = MultipartParser.STATES.PART_DATA;

type Transform = (buffer: Buffer, encoding: BufferEncoding, done: (error?: Error | null) => void) => number;

/** Call right after creating the form: the multipart parser exists once formidable's plugin has run. */
export function skipToBoundaries(form: EventEmitter): void {
  form.once('plugin', () => {
    const parser: unknown = Reflect.get(form, '_parser');
    if (parser instanceof MultipartParser) fastenBodies(parser);
  });
}

/** Replaces this parser's `_transform` with one that skips over part bodies (exported for the test). */
export function fastenBodies(parser: InstanceType<typeof MultipartParser>): void {
  const original: Transform = parser._transform;
  const transform: Transform = (buffer, encoding, done) => {
    const boundary: unknown = Reflect.get(parser, 'boundary');
    const inBody = Reflect.get(parser, 'state') === PART_DATA && Reflect.get(parser, 'index') === 0
      && Reflect.get(parser, 'partDataMark') !== undefined;
    if (!inBody || !(boundary instanceof Buffer)) return original.call(parser, buffer, encoding, done);
    const hit = buffer.indexOf(boundary);
    let safe = hit;
    if (hit < 0) {
      const cr = buffer.indexOf(CR, Math.max(0, buffer.length - boundary.length + 1));
      safe = cr < 0 ? buffer.length : cr;
    }
    if (safe > 0) parser._handleCallback('partData', buffer, 0, safe);
    if (safe === buffer.length) {
      done();
      return buffer.length;
    }
    return original.call(parser, buffer.subarray(safe), encoding, done);
  };
  parser._transform = transform;
}
