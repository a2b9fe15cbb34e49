/** INSERT … VALUES through /exec, ten rows a statement, every value a literal (rt-text.ts). */
import { IngestPath } from '../rt-context';
import { sqlLiteral } from '../rt-text';
import { tsOf } from '../rt-table';

export const sqlInsert: IngestPath = {
  name: 'insert',
  accepts: () => true,
  async write(ctx, t) {
    for (let r0 = 0; r0 < t.rows.length; r0 += 10) {
      const rows = t.rows.slice(r0, r0 + 10).map((row, k) => {
        const r = r0 + k;
        return `(${r}, cast(${tsOf(r)}L as timestamp), ${t.columns.map((c, ci) => sqlLiteral(c, row[ci].v)).join(', ')})`;
      });
      await ctx.svc.must(`INSERT INTO ${t.name} (id, ts, ${t.columns.map((c) => c.name).join(', ')}) VALUES ${rows.join(', ')}`);
    }
  },
};
