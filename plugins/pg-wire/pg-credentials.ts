/**
 * The users a PostgreSQL client may log in as (`pg.user`/`pg.password`, and `pg.readonly.user` when
 * enabled) and the password checks of the three methods: clear text (compared by SHA-256 digest in
 * constant time), MD5 (`md5` + md5(md5(password + user) + salt)) and SCRAM-SHA-256 (scram-exchange.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export interface PgUser {
  readonly name: string;
  readonly password: string;
  readonly readOnly: boolean;
}

const sha256 = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();
const md5hex = (b: Buffer | string): string => createHash('md5').update(b).digest('hex');

export class PgCredentials {
  private readonly users: readonly PgUser[];

  constructor(users: readonly PgUser[]) {
    this.users = users;
  }

  find(name: string): PgUser | undefined {
    return this.users.find((u) => u.name === name);
  }

  cleartextMatches(user: PgUser | undefined, password: string): boolean {
    const expected = sha256(user?.password ?? '\u0000no user');
    return timingSafeEqual(expected, sha256(password)) && user !== undefined;
  }

  md5Matches(user: PgUser | undefined, response: string, salt: Buffer): boolean {
    if (!user) return false;
    const inner = md5hex(user.password + user.name);
    const expected = `md5${md5hex(Buffer.concat([Buffer.from(inner, 'latin1'), salt]))}`;
    return timingSafeEqual(sha256(expected), sha256(response));
  }
}
