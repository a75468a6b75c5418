import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { E2E_PASSWORD } from './support/accounts';
import { linkFromMailbox } from './support/mail';
import { setUpFetch } from './support/set-up-fetch';
import { expect, seriousA11yViolations, test } from './fixtures';

/**
 * The term moves on (issue 34, decision 040). The server's term calendar reads its own date, so
 * this journey runs a server of its own (port E2E_PORT + 50, its own data folder) that it
 * restarts with a later TERM_CALENDAR_TODAY; the browser's clock (page.clock) agrees with it.
 */
const E2E_PORT = Number(process.env.E2E_PORT ?? 3201);
const PORT = E2E_PORT + 50;
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = `${process.env.E2E_DATA_DIR ?? '.e2e-data'}-new-term`;
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/new-term-shots';
const DECEMBER = '2026-12-10';
const JANUARY = '2027-01-11';

let server: ChildProcess | undefined;

async function startServer(today: string): Promise<void> {
  server = spawn(process.execPath, ['dist/server/main.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      INSTITUTION_NAME: 'Test University of Technology',
      INSTITUTION_EMAIL_DOMAIN: 'test-uni.edu',
      SMTP_URL: `smtp://127.0.0.1:${E2E_PORT + 1}`,
      TERM_START_MONTHS: '7,1',
      TERM_CALENDAR_TODAY: today,
    },
  });
  await expect.poll(async () => (await setUpFetch(`${BASE}/readyz`).catch(() => undefined))?.status, { timeout: 30_000 }).toBe(200);
}

async function stopServer(): Promise<void> {
  const running = server;
  server = undefined;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGTERM');
  await exited;
}

/** A verified student of CSE `semester`, batch 2024-28, signed up through the API and the mail sink. */
async function signUpStudent(name: string, semester: number): Promise<string> {
  const email = `term.${Date.now()}.${Math.floor(Math.random() * 1e6)}@test-uni.edu`;
  const res = await setUpFetch(`${BASE}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, course: 'btech', branch: 'cse', semester: String(semester), role: 'STUDENT', session: '2024-28', password: E2E_PASSWORD, confirmPassword: E2E_PASSWORD }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const ticket = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const link = new URL(await linkFromMailbox(email, '/verify-email'), BASE);
  const verified = await setUpFetch(`${BASE}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: ticket },
    body: JSON.stringify({ token: link.searchParams.get('token') }),
  });
  expect(verified.status).toBe(200);
  return email;
}

/** A page of its own context (axe needs one), failing on the page's uncaught errors like the fixture's. */
async function openPage(browser: Browser, width: number, height: number, errors: string[]): Promise<Page> {
  const phone = width < 500;
  const context = await browser.newContext({ viewport: { width, height }, isMobile: phone, hasTouch: phone });
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  return page;
}

async function signIn(page: Page, email: string) {
  const res = await page.request.post(`${BASE}/api/auth/login`, { data: { email, password: E2E_PASSWORD, rememberMe: true } });
  expect(res.status()).toBe(200);
}

test.describe('the term moves on', () => {
  // No @phone tag: the phone project leaves it out, and this one test looks at both widths.
  test.describe.configure({ mode: 'serial' });

  test.afterAll(async () => {
    await stopServer();
    rmSync(DATA_DIR, { recursive: true, force: true });
  });

  test('in January a student is asked once to confirm semester 6, at 1280 and 390 px', async ({ browser }) => {
    test.setTimeout(150_000);
    rmSync(DATA_DIR, { recursive: true, force: true });
    await mkdir(SHOTS, { recursive: true });
    await startServer(DECEMBER);
    const confirming = await signUpStudent('Sita Student', 5);
    const correcting = await signUpStudent('Ravi Student', 5);

    const errors: string[] = [];
    const december = await openPage(browser, 1280, 800, errors);
    await december.clock.setFixedTime(new Date(`${DECEMBER}T09:00:00Z`));
    await signIn(december, confirming);
    await december.goto(`${BASE}/`);
    await expect(december.getByRole('heading', { level: 1 })).toContainText('Semester 5');
    await expect(december.getByRole('region', { name: 'Newest uploads' })).toBeVisible();
    await expect(december.getByText(/It's a new term/)).toHaveCount(0);
    await december.context().close();

    await stopServer();
    await startServer(JANUARY);

    for (const [email, width, height] of [
      [confirming, 1280, 800],
      [correcting, 390, 844],
    ] as const) {
      const page = await openPage(browser, width, height, errors);
      await page.clock.setFixedTime(new Date(`${JANUARY}T09:00:00Z`));
      await signIn(page, email);
      await page.goto(`${BASE}/`);
      const prompt = page.getByRole('region', { name: "It's a new term: you are now in semester 6?" });
      await expect(prompt).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Semester 5');
      await page.screenshot({ path: path.join(SHOTS, `new-term-${width}.png`) });
      expect(await seriousA11yViolations(page)).toEqual([]);

      if (email === confirming) {
        await prompt.getByRole('button', { name: 'Confirm' }).click();
        await expect(page.getByRole('heading', { level: 1 })).toContainText('Semester 6');
        await expect(prompt).toHaveCount(0);
        await page.screenshot({ path: path.join(SHOTS, `new-term-confirmed-${width}.png`) });
      } else {
        await prompt.getByRole('button', { name: 'Not right' }).click();
        await expect(page).toHaveURL(`${BASE}/account`);
        // In the profile form: getByLabel matches by substring, and the question's region is named "... semester 6?".
        await expect(page.getByRole('form', { name: 'Profile' }).getByLabel('Semester', { exact: true })).toHaveValue('5');
        await expect(page.getByText('Your batch, from the year you joined')).toBeVisible();
        await page.screenshot({ path: path.join(SHOTS, `new-term-not-right-${width}.png`), fullPage: true });
        await page.goto(`${BASE}/`);
        await expect(page.getByRole('heading', { level: 1 })).toContainText('Semester 5');
      }
      // Answered: not asked again this term.
      await page.reload();
      await expect(page.getByRole('region', { name: 'Newest uploads' })).toBeVisible();
      await expect(page.getByText(/It's a new term/)).toHaveCount(0);
      await page.context().close();
    }
    expect(errors).toEqual([]);
  });
});
