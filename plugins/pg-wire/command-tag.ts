/**
 * The CommandComplete tag of a DDL statement: its leading keywords as PostgreSQL names them
 * (`CREATE TABLE`, `DROP TABLE`, `ALTER TABLE`, `TRUNCATE TABLE`); a RENAME TABLE is an ALTER TABLE.
 */
const TAG = /^\s*(?:(?:--[^\n]*\n|\/\*[\s\S]*?\*\/)\s*)*(create|drop|alter|truncate|rename|vacuum|reindex|backup|cancel|copy|snapshot|checkpoint|grant|revoke|refresh)\b\s*(materialized\s+view|view|table|user|group|service\s+account|index|query)?/i;

export function commandTag(sql: string): string {
  const m = TAG.exec(sql);
  if (!m) return 'OK';
  const verb = m[1].toUpperCase();
  const object = m[2] ? ` ${m[2].replace(/\s+/g, ' ').toUpperCase()}` : '';
  if (verb === 'RENAME') return 'ALTER TABLE';
  if (verb === 'TRUNCATE') return 'TRUNCATE TABLE';
  return `${verb}${object}`;
}
