/**
 * Time-series clauses:
 * `SAMPLE BY <n><unit> [FROM a TO b] [FILL(…)] [ALIGN TO CALENDAR [TIME ZONE tz] [WITH OFFSET o] |
 * ALIGN TO FIRST OBSERVATION]` and `LATEST ON ts PARTITION BY cols` (legacy `LATEST BY cols`).
 */
import type { Alignment, Expression, Fill, LatestOn, SampleBy } from '../../core/sql/ast';
import { durationOf, identifierOf } from './literals';
import { WindowParser } from './window-parser';
import * as T from './tokens';

const K = T.Keyword;
const FILL_MODES: ReadonlySet<string> = new Set(['none', 'prev', 'linear']);

export abstract class TimeSeriesParser extends WindowParser {
  /** `LATEST ON` or the legacy `LATEST BY` at LA(1). */
  protected startsLatestOn(): boolean {
    return this.isWord(1, 'latest') && (this.isToken(2, K.on) || this.isWord(2, 'by'));
  }

  readonly latestOn = this.RULE('latestOn', (): LatestOn => {
    const latest = this.word(10, 'latest');
    return this.OR([
      { ALT: () => {
        this.CONSUME(K.on);
        const timestamp = this.CONSUME(T.Name);
        this.CONSUME(K.partition);
        this.word(11, 'by');
        const partitionBy = this.SUBRULE(this.expressionList);
        return this.ACTION((): LatestOn => ({
          kind: 'latestOn', timestamp: identifierOf(timestamp), partitionBy, position: latest.startOffset,
        }));
      } },
      { GATE: () => this.isWord(1, 'by'), ALT: () => {
        this.word(12, 'by');
        const partitionBy = this.SUBRULE2(this.expressionList);
        return this.ACTION((): LatestOn => ({ kind: 'latestOn', partitionBy, position: latest.startOffset }));
      } },
    ]);
  });

  readonly sampleBy = this.RULE('sampleBy', (): SampleBy => {
    const sample = this.CONSUME(K.sample);
    this.word(12, 'by');
    const interval = this.CONSUME(T.Duration);
    const from = this.OPTION(() => {
      this.CONSUME(K.from);
      return this.SUBRULE(this.expr);
    });
    const to = this.OPTION2({
      GATE: () => this.isWord(1, 'to'),
      DEF: () => {
        this.word(10, 'to');
        return this.SUBRULE2(this.expr);
      },
    });
    const fill = this.OPTION3({ GATE: () => this.isWord(1, 'fill'), DEF: () => this.SUBRULE(this.fillList) });
    const align = this.OPTION4(() => this.SUBRULE(this.alignment));
    return this.ACTION((): SampleBy => ({
      kind: 'sampleBy', interval: durationOf(interval), from, to, fill, align, position: sample.startOffset,
    }));
  });

  private readonly fillList = this.RULE('fillList', (): Fill[] => {
    this.word(10, 'fill');
    this.CONSUME(T.LParen);
    const list = [this.SUBRULE(this.fill)];
    this.MANY(() => {
      this.CONSUME(T.Comma);
      list.push(this.SUBRULE2(this.fill));
    });
    this.CONSUME(T.RParen);
    return list;
  });

  /** NONE | NULL | PREV | PREV(col) | LINEAR | a constant. */
  private readonly fill = this.RULE('fill', (): Fill => this.OR({
    IGNORE_AMBIGUITIES: true,
    DEF: [
      { GATE: () => this.isAnyWord(1, FILL_MODES), ALT: () => {
        const mode = this.CONSUME(T.Identifier);
        const column = this.OPTION({
          GATE: () => this.isWord(0, 'prev') && this.isToken(1, T.LParen),
          DEF: () => {
            this.CONSUME(T.LParen);
            const name = this.CONSUME(T.Name);
            this.CONSUME(T.RParen);
            return name;
          },
        });
        return this.ACTION((): Fill => ({
          kind: 'fill', mode: mode.image.toLowerCase() as Fill['mode'],
          column: column === undefined ? undefined : identifierOf(column), position: mode.startOffset,
        }));
      } },
      { ALT: () => {
        const value: Expression = this.SUBRULE(this.expr);
        return this.ACTION((): Fill => value.kind === 'literal' && value.type === 'null'
          ? { kind: 'fill', mode: 'null', position: value.position }
          : { kind: 'fill', mode: 'value', value, position: value.position });
      } },
    ],
  }));

  private readonly alignment = this.RULE('alignment', (): Alignment => {
    const align = this.CONSUME(K.align);
    this.word(10, 'to');
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { GATE: () => this.isWord(1, 'calendar'), ALT: () => {
          this.word(11, 'calendar');
          const timeZone = this.OPTION({
            GATE: () => this.isWord(1, 'time') && this.isWord(2, 'zone'),
            DEF: () => {
              this.word(12, 'time');
              this.word(13, 'zone');
              return this.SUBRULE(this.expr);
            },
          });
          const offset = this.OPTION2(() => {
            this.CONSUME(K.with);
            this.word(14, 'offset');
            return this.SUBRULE2(this.expr);
          });
          return this.ACTION((): Alignment => ({ kind: 'alignCalendar', timeZone, offset, position: align.startOffset }));
        } },
        { GATE: () => this.isWord(1, 'first'), ALT: () => {
          this.word(15, 'first');
          this.word(16, 'observation');
          return this.ACTION((): Alignment => ({ kind: 'alignFirstObservation', position: align.startOffset }));
        } },
        { ALT: () => this.ACTION(() => this.fail(this.LA(1), "'calendar'", "'first'")) },
      ],
    });
  });
}
