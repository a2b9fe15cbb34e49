/**
 * `base64(bin, maxLength)` (QuestDB 9.4.4): the standard base64 text, with padding, of a BINARY value's first
 * `maxLength` bytes; STRING, NULL for NULL. `maxLength` is a constant of at least 1 (else `maxLength has to be
 * greater than 0` at it), capped at 32,768 bytes as QuestDB's `binarydata.encoding.maxlength` default.
 */
import { ColumnType, Types } from '../../../core/data/column-type';
import { Vector } from '../../../core/data/vector';
import { VectorBuilder } from '../../../core/data/vector-builder';
import { SvcError } from '../../../core/errors';
import { ScalarFunction } from '../../../core/extension/sql-function';

/** QuestDB's `binarydata.encoding.maxlength` default: no value is encoded past this many bytes. */
export const BINARY_ENCODING_MAX_LENGTH = 32_768;

export const base64Function: ScalarFunction = {
  kind: 'scalar', name: 'base64', args: [Types.BINARY, Types.INT], returns: Types.STRING, constantArgs: [1],
  returnsForConstants(constants, positions): ColumnType | undefined {
    const max = constants[1];
    if (typeof max === 'number' && max < 1) throw SvcError.sql(positions[1], 'maxLength has to be greater than 0');
    return undefined;
  },
  kernel(args: readonly Vector[], n: number): Vector {
    const bin = args[0];
    const max = Math.min(Number(args[1].data[0]), BINARY_ENCODING_MAX_LENGTH);
    const out = new VectorBuilder(Types.STRING, Math.max(1, n));
    const bytes = bin.data as Uint8Array;
    const offsets = bin.offsets;
    // A NULL maxLength (a bind parameter) encodes nothing, as a NULL value does.
    if (!offsets || !(max >= 1)) {
      for (let i = 0; i < n; i++) out.appendNull();
      return out.build();
    }
    const whole = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i < n; i++) {
      if (bin.nulls?.[i] === 1) { out.appendNull(); continue; }
      const start = offsets[i];
      out.appendString(whole.toString('base64', start, Math.min(offsets[i + 1], start + max)));
    }
    return out.build();
  },
};
