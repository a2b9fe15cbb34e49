/**
 * Window specifications and ORDER BY items:
 * `OVER ([PARTITION BY …] [ORDER BY …] [ROWS|RANGE|GROUPS BETWEEN … AND … [EXCLUDE …]])` or `OVER w`;
 * RANGE bounds take a time unit: `'5' MINUTE PRECEDING`, `5 minute preceding`.
 */
import type { Expression, FrameBound, OrderItem, WindowFrame, WindowSpec } from '../../core/sql/ast';
import { identifierOf } from './literals';
import { PrimaryParser } from './primary-parser';
import * as T from './tokens';

const K = T.Keyword;
const FRAME_MODES: ReadonlySet<string> = new Set(['rows', 'range', 'groups']);
const DIRECTIONS: ReadonlySet<string> = new Set(['preceding', 'following']);

export abstract class WindowParser extends PrimaryParser {
  protected readonly windowSpec = this.RULE('windowSpec', (): WindowSpec => this.OR([
    { ALT: () => {
      const name = this.CONSUME(T.Name);
      return this.ACTION((): WindowSpec => ({
        kind: 'window', name: identifierOf(name), partitionBy: [], orderBy: [], position: name.startOffset,
      }));
    } },
    { ALT: () => {
      const open = this.CONSUME(T.LParen);
      const partitionBy = this.OPTION(() => {
        this.CONSUME(K.partition);
        this.word(10, 'by');
        return this.SUBRULE(this.expressionList);
      }) ?? [];
      const orderBy = this.OPTION2(() => {
        this.CONSUME(K.order);
        this.word(11, 'by');
        return this.SUBRULE(this.orderByList);
      }) ?? [];
      const frame = this.OPTION3({
        GATE: () => this.isAnyWord(1, FRAME_MODES),
        DEF: () => this.SUBRULE(this.windowFrame),
      });
      this.CONSUME(T.RParen);
      return this.ACTION((): WindowSpec => ({ kind: 'window', partitionBy, orderBy, frame, position: open.startOffset }));
    } },
  ]));

  readonly expressionList = this.RULE('expressionList', (): Expression[] => {
    const list = [this.SUBRULE(this.expr)];
    this.MANY(() => {
      this.CONSUME(T.Comma);
      list.push(this.SUBRULE2(this.expr));
    });
    return list;
  });

  readonly orderByList = this.RULE('orderByList', (): OrderItem[] => {
    const list = [this.SUBRULE(this.orderItem)];
    this.MANY(() => {
      this.CONSUME(T.Comma);
      list.push(this.SUBRULE2(this.orderItem));
    });
    return list;
  });

  private readonly orderItem = this.RULE('orderItem', (): OrderItem => {
    const expr = this.SUBRULE(this.expr);
    const direction = this.OPTION({
      GATE: () => this.isWord(1, 'asc') || this.isWord(1, 'desc'),
      DEF: () => this.CONSUME(T.Identifier),
    });
    const nulls = this.OPTION2({
      GATE: () => this.isWord(1, 'nulls'),
      DEF: () => {
        this.word(10, 'nulls');
        const which = this.CONSUME2(T.Identifier);
        return this.ACTION(() => {
          const w = which.image.toLowerCase();
          if (w !== 'first' && w !== 'last') this.fail(which, "'first'", "'last'");
          return w;
        });
      },
    });
    return this.ACTION((): OrderItem => ({
      kind: 'orderItem', expr, descending: direction?.image.toLowerCase() === 'desc', nulls, position: expr.position,
    }));
  });

  private readonly windowFrame = this.RULE('windowFrame', (): WindowFrame => {
    const mode = this.CONSUME(T.Identifier);
    const bounds = this.OR([
      { ALT: () => {
        this.CONSUME(K.between);
        const start = this.SUBRULE(this.frameBound);
        this.CONSUME(K.and);
        return [start, this.SUBRULE2(this.frameBound)];
      } },
      { ALT: () => [this.SUBRULE3(this.frameBound)] },
    ]);
    const exclude = this.OPTION({
      GATE: () => this.isWord(1, 'exclude'),
      DEF: () => {
        this.word(10, 'exclude');
        return this.OR2({
          IGNORE_AMBIGUITIES: true,
          DEF: [
            { GATE: () => this.isWord(1, 'current'), ALT: () => {
              this.word(11, 'current');
              this.word(12, 'row');
              return 'currentRow' as const;
            } },
            { ALT: () => {
              this.word(13, 'no');
              this.word(14, 'others');
              return 'noOthers' as const;
            } },
          ],
        });
      },
    });
    return this.ACTION((): WindowFrame => {
      const start = bounds[0];
      const end: FrameBound = bounds[1] ?? { kind: 'frameBound', bound: 'currentRow', position: start.position };
      const m = mode.image.toLowerCase() as WindowFrame['mode'];
      return { kind: 'frame', mode: m, start, end, exclude, position: mode.startOffset };
    });
  });

  private readonly frameBound = this.RULE('frameBound', (): FrameBound => this.OR({
    IGNORE_AMBIGUITIES: true,
    DEF: [
      { GATE: () => this.isWord(1, 'unbounded'), ALT: () => {
        const unbounded = this.word(10, 'unbounded');
        const direction = this.CONSUME(T.Identifier);
        return this.ACTION((): FrameBound => ({
          kind: 'frameBound',
          bound: this.direction(direction) === 'preceding' ? 'unboundedPreceding' : 'unboundedFollowing',
          position: unbounded.startOffset,
        }));
      } },
      { GATE: () => this.isWord(1, 'current'), ALT: () => {
        const current = this.word(11, 'current');
        this.word(12, 'row');
        return this.ACTION((): FrameBound => ({ kind: 'frameBound', bound: 'currentRow', position: current.startOffset }));
      } },
      { ALT: () => {
        const offsetToken = this.OR2([
          { ALT: () => this.CONSUME(T.NumberLiteral) },
          { ALT: () => this.CONSUME(T.StringLiteral) },
          { ALT: () => this.CONSUME(T.Duration) },
        ]);
        const unit = this.OPTION({
          GATE: () => this.isToken(1, T.Identifier) && !this.isAnyWord(1, DIRECTIONS),
          DEF: () => this.CONSUME2(T.Identifier),
        });
        this.ACTION(() => this.isAnyWord(1, DIRECTIONS) || this.fail(this.LA(1), "'preceding'", "'following'"));
        const direction = this.CONSUME3(T.Identifier);
        return this.ACTION((): FrameBound => {
          const position = offsetToken.startOffset;
          let offset: Expression;
          let unitName = unit?.image.toLowerCase();
          if (offsetToken.tokenType === T.Duration) {
            const m = /^(\d+)([a-zA-Z]+)$/.exec(offsetToken.image) ?? ['', '0', ''];
            offset = this.literalOf({ ...offsetToken, image: m[1], tokenType: T.NumberLiteral });
            unitName = m[2];
          } else {
            offset = this.literalOf(offsetToken);
          }
          const bound = this.direction(direction);
          return { kind: 'frameBound', bound, offset, unit: unitName, position };
        });
      } },
    ],
  }));

  private direction(token: { readonly image: string; readonly startOffset: number }): 'preceding' | 'following' {
    const d = token.image.toLowerCase();
    if (d !== 'preceding' && d !== 'following') this.fail(this.LA(0), "'preceding'", "'following'");
    return d;
  }
}
