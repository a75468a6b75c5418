import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/shared/account.js';
import { PASSWORD, login } from './helpers/accounts.js';
import { upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

type ViewerName = 'adminWithClass' | 'classmate' | 'crSameClass' | 'uploader' | 'crOtherClass';

/** What each viewer must see of the CR's upload: its uploader relative to them, and the name only for admins. */
const SEES: Record<ViewerName, { uploader: string; uploadedByName?: string }> = {
  adminWithClass: { uploader: 'your-cr', uploadedByName: 'Cora Uploader' },
  classmate: { uploader: 'your-cr' },
  crSameClass: { uploader: 'your-cr' },
  uploader: { uploader: 'you' },
  crOtherClass: { uploader: 'cr' },
};

interface Listed {
  id: string;
  uploader: string | null;
  uploadedByName?: string | null;
}

/**
 * Each viewer gets exactly what the permission table allows, whoever asked the same thing first:
 * answers are remembered, and an admin with a class (the one viewer who shares a class with
 * students yet sees names) or the uploader (who reads "you") asking first must not decide what
 * the next viewer is sent.
 */
describe(`privacy matrix with a warm answer cache (${testDialect})`, () => {
  let t: TestApp;
  const cookies = {} as Record<ViewerName, string>;
  let resourceId: string;

  async function account(name: string, role: Role, branch: string, semester: number): Promise<string> {
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@${t.config.public.institutionEmailDomain}`;
    await t.services.accounts.createVerifiedUser({ name, email, password: PASSWORD, role, branch, semester, academicSession: '2024-25' });
    return (await login(t.app, email)).cookie;
  }

  beforeAll(async () => {
    t = await createTestApp();
    cookies.uploader = await account('Cora Uploader', 'CR', 'cse', 3);
    cookies.adminWithClass = await account('Asha Admin', 'ADMIN', 'cse', 3);
    cookies.classmate = await account('Sam Classmate', 'STUDENT', 'cse', 3);
    cookies.crSameClass = await account('Bela Rep', 'CR', 'cse', 3);
    cookies.crOtherClass = await account('Ola Rep', 'CR', 'it', 5);
    const res = await upload(t, cookies.uploader, { fields: { subject: 'Quasicrystal Tilings' }, file: { name: 'tilings.pdf' } });
    expect(res.statusCode, res.body).toBe(201);
    resourceId = res.json().resource.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const views: Record<string, (body: unknown) => Listed | undefined> = {
    '/api/resources?branch=cse&semester=3': (body) => (body as { resources: Listed[] }).resources.find((r) => r.id === resourceId),
    '/api/resources?q=quasicrystal': (body) => (body as { resources: Listed[] }).resources.find((r) => r.id === resourceId),
    '/api/home': (body) => (body as { newest: Listed[] }).newest.find((r) => r.id === resourceId),
    RESOURCE: (body) => (body as { resource?: Listed }).resource ?? (body as Listed),
  };
  const urlOf = (view: string) => (view === 'RESOURCE' ? `/api/resources/${resourceId}` : view);

  /** Every view, asked twice by each viewer in `order` (the second from memory where that applies). */
  async function expectEachSeesTheirOwn(order: ViewerName[]): Promise<void> {
    for (const [view, pick] of Object.entries(views)) {
      for (const viewer of order) {
        for (const round of [1, 2]) {
          const res = await t.api.get(urlOf(view), { as: cookies[viewer] });
          expect(res.statusCode, `${viewer} ${view}`).toBe(200);
          const row = pick(res.json());
          if (view === '/api/home' && viewer === 'crOtherClass') {
            // Home lists the viewer's own class, and this upload is of another.
            expect(row, `${viewer} ${view}`).toBeUndefined();
            continue;
          }
          expect(row, `${viewer} ${view} round ${round}: the upload is listed`).toBeDefined();
          const seen = { uploader: row!.uploader, ...('uploadedByName' in row! ? { uploadedByName: row!.uploadedByName } : {}) };
          expect(seen, `${viewer} ${view} round ${round}`).toEqual(SEES[viewer]);
        }
      }
    }
  }

  it('sends no viewer what an earlier viewer was sent: the admin with a class first, the uploader first', async () => {
    await expectEachSeesTheirOwn(['adminWithClass', 'classmate', 'crSameClass', 'uploader', 'crOtherClass']);
    await expectEachSeesTheirOwn(['uploader', 'classmate', 'crOtherClass', 'adminWithClass', 'crSameClass']);
  });

  it('the same after a change, with the cache filled anew in another order', async () => {
    const renamed = await t.api.patch(`/api/resources/${resourceId}`, { title: 'Quasicrystal tilings, unit 2' }, { as: cookies.uploader });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await expectEachSeesTheirOwn(['crSameClass', 'adminWithClass', 'uploader', 'crOtherClass', 'classmate']);
  });

  it('a visitor is asked to sign in for every view', async () => {
    for (const view of Object.keys(views)) {
      const res = await t.api.get(urlOf(view));
      expect(res.statusCode, view).toBe(401);
    }
  });
});
