import type { BetterAuthOptions } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { twoFactor } from 'better-auth/plugins';
import type { Db } from './database.js';

/**
 * The part of the better-auth configuration that shapes tables: the database and the profile
 * fields kept on the user row (SPEC.md §3 User). Shared by the auth engine and the migrator so
 * both always agree on the schema.
 */
export function authSchemaOptions(db: Db) {
  return {
    database: { db: db.kysely, type: db.dialect === 'postgres' ? 'postgres' : 'sqlite' },
    user: {
      additionalFields: {
        // input: false means no request body can ever set it; only our services do.
        role: { type: 'string', required: false, defaultValue: 'STUDENT', input: false },
        course: { type: 'string', required: false, defaultValue: 'btech', input: true },
        branch: { type: 'string', required: false, defaultValue: '', input: true },
        semester: { type: 'number', required: false, input: true },
        academicSession: { type: 'string', required: false, defaultValue: '', input: true },
        // Set on a user a provider sign-in made (decision 052) until the profile is finished;
        // null on every other row, old ones included.
        profilePending: { type: 'boolean', required: false, input: false },
      },
    },
    session: {
      additionalFields: {
        // The provider a session was opened by (its id), null for a password sign-in: the
        // provider's own MFA counts as the second factor (decision 055), and its sign-out URL
        // ends that provider's session too.
        signInProvider: { type: 'string', required: false, input: false },
        // Where the client's address is, as the trusted proxy named it (CLIENT_PLACE_HEADER): the
        // signed-in devices list shows it; null without such a proxy.
        place: { type: 'string', required: false, input: false },
      },
    },
    // TOTP and backup codes (decision 049): the plugin's table (twoFactor) and user.twoFactorEnabled.
    // Its own lockout stays on as a second fence behind our login throttle.
    plugins: [twoFactor({ backupCodeOptions: { amount: 10 } })],
    telemetry: { enabled: false },
  } satisfies Partial<BetterAuthOptions>;
}

/** Creates or extends better-auth's tables (user, session, account, verification, twoFactor). */
export async function migrateAuthSchema(db: Db): Promise<void> {
  const { runMigrations } = await getMigrations(authSchemaOptions(db) as BetterAuthOptions);
  await runMigrations();
}
