import { execFileSync } from 'node:child_process';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { expect, type Page } from '@playwright/test';
import { linkFromMailbox } from './mail';
import { setUpFetch } from './set-up-fetch';

const BASE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3201)}`;
const DOMAIN = 'test-uni.edu';
export const E2E_PASSWORD = 'Journey2024ok';

export interface E2eAccount {
  email: string;
  name: string;
  password: string;
  /** The class a student or CR signed up in. */
  place?: Place;
  /** The authenticator secret, once signIn enrolled the account in two-factor sign-in. */
  totpSecret?: string;
}

export interface Place {
  branch: string;
  semester: number;
}

let counter = 0;
const unique = (prefix: string) => `${prefix}.${Date.now()}.${++counter}.${Math.floor(Math.random() * 1e6)}@${DOMAIN}`;

/** POST /api/auth/sign-up as the form sends it (B.Tech, the shared test password). */
function postSignUp(fields: { name: string; email: string; branch: string; semester: string; role: string; session: string }) {
  // A client address of its own (the e2e server trusts 127.0.0.1 as a proxy): sign-ups are limited per address.
  const client = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${++counter % 250}`;
  return setUpFetch(`${BASE_URL}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({ ...fields, course: 'btech', password: E2E_PASSWORD, confirmPassword: E2E_PASSWORD }),
  });
}

/**
 * Classes a journey puts its own CR in (requests.spec.ts: IT semester 8; roles.spec.ts signs one
 * up through the form in ME semester 7); random CRs keep out.
 */
const RESERVED_FOR_CRS = new Set(['it-8', 'me-7']);

/** Every class of these branches, from a random one on, leaving out those reserved for a journey's own CR. */
export function shuffledClasses(branches = ['cse', 'it', 'ee', 'ece', 'me', 'ce']): Place[] {
  const all = branches
    .flatMap((branch) => [1, 2, 3, 4, 5, 6, 7, 8].map((semester) => ({ branch, semester })))
    .filter(({ branch, semester }) => !RESERVED_FOR_CRS.has(`${branch}-${semester}`));
  const start = Math.floor(Math.random() * all.length);
  return [...all.slice(start), ...all.slice(0, start)];
}

/**
 * A verified account made through the real API and the mail sink (STUDENT or CR), or through the
 * admin CLI (ADMIN), as a newcomer would. CRs land in a random class with room (the cap is two per class).
 */
export async function createAccount(
  role: 'STUDENT' | 'CR' | 'ADMIN',
  name = `${role} Person`,
  /** The class, or classes to try in turn (a CR takes the first with a free seat). */
  place?: Place | Place[],
): Promise<E2eAccount> {
  const email = unique(role.toLowerCase());
  if (role === 'ADMIN') {
    execFileSync(process.execPath, ['dist/cli/admin.js', 'create-admin', '--email', email, '--name', name, '--password', E2E_PASSWORD], {
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? '.e2e-data', INSTITUTION_EMAIL_DOMAIN: DOMAIN, LOG_LEVEL: 'silent' },
    });
    return { email, name, password: E2E_PASSWORD };
  }
  // Every class in turn from a random one: with a few dozen CRs made in a run, a random class is
  // sometimes one that already has its two (the sign-up then answers 409 CR_CAP_REACHED).
  const classes = Array.isArray(place) ? place : place ? [place] : shuffledClasses();
  let res: Response | undefined;
  let landed = classes[0]!;
  for (const klass of classes) {
    landed = klass;
    res = await postSignUp({ name, email, branch: klass.branch, semester: String(klass.semester), role, session: '2024-25' });
    if (res.status !== 409 || !(await res.clone().text()).includes('CR_CAP_REACHED')) break;
  }
  res = res!;
  expect(res.status, await res.clone().text()).toBe(201);
  await verifyAsSignedUp(email, res);
  return { email, name, password: E2E_PASSWORD, place: landed };
}

/**
 * Opens the verification link as the browser that signed up (its sign-up ticket cookie): from
 * anywhere else the sign-up's password would be replaced (decision 032).
 */
async function verifyAsSignedUp(email: string, signUp: Response): Promise<void> {
  const ticket = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const link = new URL(await linkFromMailbox(email, '/verify-email'), BASE_URL);
  const verified = await setUpFetch(`${BASE_URL}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: ticket },
    body: JSON.stringify({ token: link.searchParams.get('token') }),
  });
  expect(verified.status).toBe(200);
}

/**
 * Signs up asking for admin access (DESIGN.md §1): the account is made as a student and an
 * admin's approval is pending. The request is on the dashboard either way; only a verified one
 * can be approved (decision 032).
 */
export async function requestAdminAccess(name: string, { verified = true } = {}): Promise<E2eAccount> {
  const email = unique('wants.admin');
  const res = await postSignUp({ name, email, branch: 'cse', semester: '8', role: 'ADMIN', session: '2022-23' });
  expect(res.status, await res.clone().text()).toBe(201);
  if (verified) await verifyAsSignedUp(email, res);
  return { email, name, password: E2E_PASSWORD };
}

/**
 * Signs the page's browser context in through the API (the login screen has its own journeys). A
 * role that must use two-factor sign-in (REQUIRE_2FA_FOR, decision 055) enrols on its first
 * sign-in, its secret kept on the account, and answers the code step on later ones.
 */
export async function signIn(page: Page, account: E2eAccount): Promise<void> {
  const res = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password, rememberMe: false },
  });
  expect(res.status()).toBe(200);
  const answer = (await res.json()) as { twoFactorRequired?: boolean; twoFactorSetupRequired?: boolean };
  if (answer.twoFactorSetupRequired) {
    const setup = await page.request.post('/api/account/two-factor/enable', { data: { password: account.password } });
    expect(setup.status(), await setup.text()).toBe(200);
    account.totpSecret = ((await setup.json()) as { secret: string }).secret;
    const confirmed = await page.request.post('/api/account/two-factor/confirm', { data: { code: await totpCode(account.totpSecret) } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  } else if (answer.twoFactorRequired) {
    expect(account.totpSecret, 'the TOTP secret of an account that asks for a code').toBeTruthy();
    const code = await page.request.post('/api/auth/login/two-factor', { data: { code: await totpCode(account.totpSecret!), kind: 'totp' } });
    expect(code.status(), await code.text()).toBe(200);
  }
}

/** What an authenticator app shows now for a base32 secret. */
export const totpCode = (secret: string) => createOTP(base32.decode(secret)).totp();
