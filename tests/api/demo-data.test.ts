import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, seedDemoData } from '../../src/cli/demo-data.js';
import { createServices } from '../../src/server/app.js';
import { ConsoleMailer } from '../../src/server/mail/console-mailer.js';
import { login } from './helpers/accounts.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

describe(`demo data and admin bootstrap (${testDialect})`, () => {
  let t: TestApp;
  let services: ReturnType<typeof createServices>;
  beforeAll(async () => {
    t = await createTestApp({ INSTITUTION_EMAIL_DOMAIN: 'demo-uni.edu' });
    services = createServices({ config: t.config, db: t.db, mailer: new ConsoleMailer(() => {}) });
  });
  afterAll(async () => {
    await t.close();
  });

  const seed = () =>
    seedDemoData(services.accounts, { domain: 'demo-uni.edu', isEmpty: () => services.accounts.hasNoUsers() });

  it('seeds verified admin, CR and student accounts into an empty database, once', async () => {
    const created = await seed();
    expect(created.map((a) => a.role)).toEqual(['ADMIN', 'CR', 'STUDENT']);
    for (const account of demoAccounts('demo-uni.edu')) {
      const { res } = await login(t.app, account.email, account.password);
      expect(res.json().user).toMatchObject({ email: account.email, role: account.role });
    }
    expect(await seed()).toEqual([]);
    const users = await t.db.kysely.selectFrom('user').select('email').execute();
    expect(users).toHaveLength(3);
    // The demo CR holds one of the two seats of CSE semester 3.
    const seats = await t.db.kysely.selectFrom('class_rep_seat').selectAll().execute();
    expect(seats).toMatchObject([{ branch_id: 'cse', semester: 3, seat: 1 }]);
  });

  it('creates a verified admin who can log in, and refuses a duplicate or foreign address without leftovers', async () => {
    const admin = await services.accounts.createVerifiedUser({
      name: 'Root',
      email: 'Root@Demo-Uni.edu',
      password: 'Sup3rSecretX',
      role: 'ADMIN',
    });
    expect(admin).toMatchObject({ email: 'root@demo-uni.edu', role: 'ADMIN' });
    await login(t.app, 'root@demo-uni.edu', 'Sup3rSecretX');
    await expect(
      services.accounts.createVerifiedUser({ name: 'Root', email: 'root@demo-uni.edu', password: 'Sup3rSecretX', role: 'ADMIN' }),
    ).rejects.toThrow('Email is already registered');
    await expect(
      services.accounts.createVerifiedUser({ name: 'X', email: 'x@gmail.com', password: 'Sup3rSecretX', role: 'ADMIN' }),
    ).rejects.toThrow(/email address/);
    await expect(
      services.accounts.createVerifiedUser({ name: 'Y', email: 'y@demo-uni.edu', password: 'weak', role: 'ADMIN' }),
    ).rejects.toThrow(/uppercase, lowercase and numbers/);
    const emails = (await t.db.kysely.selectFrom('user').select('email').execute()).map((u) => u.email);
    expect(emails.filter((e) => e.startsWith('x@') || e.startsWith('y@'))).toEqual([]);
  });
});
