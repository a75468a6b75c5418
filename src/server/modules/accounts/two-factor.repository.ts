import type { Executor } from '../../db/unit-of-work.js';

/** Reads about two-factor sign-in; better-auth's plugin does every write (decision 049). */
export class TwoFactorRepository {
  constructor(private readonly db: Executor) {}

  async isEnabled(userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('user').select('twoFactorEnabled').where('id', '=', userId).executeTakeFirst();
    return Boolean(row?.twoFactorEnabled);
  }

  /**
   * Whose sign-in a pending code challenge is (the plugin keeps it as a verification row named by
   * its cookie), so that codes count against that account's login throttle. Unexpired only.
   */
  async challengeOwner(identifier: string, now: Date): Promise<{ id: string; email: string } | undefined> {
    const row = await this.db
      .selectFrom('verification')
      .innerJoin('user', 'user.id', 'verification.value')
      .select(['user.id', 'user.email', 'verification.expiresAt'])
      .where('verification.identifier', '=', identifier)
      .executeTakeFirst();
    if (!row || new Date(row.expiresAt).getTime() <= now.getTime()) return undefined;
    return { id: row.id, email: row.email };
  }
}
