import { defineConfig, devices } from '@playwright/test';

/**
 * Browser journeys against the production build served by the real server, driven in Debian's
 * Chromium (Playwright's own browser download is not available on these machines).
 */
const PORT = Number(process.env.E2E_PORT ?? 3201);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;
const SMTP_PORT = PORT + 1;
/** Two runs on one machine need their own ports (E2E_PORT) and data folders (E2E_DATA_DIR). */
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.e2e-data';
/** The mail sink's HTTP side, read by tests/e2e/support/mail.ts. */
export const E2E_MAIL_URL = `http://127.0.0.1:${PORT + 2}`;

const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: PORT === 3201 ? 'test-results/e2e' : `test-results/e2e-${PORT}`,
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // Generous on purpose: the suite shares a 2-core machine with its server, and journeys assert
  // outcomes, never durations (speed lives in `npm run bench`). A slow host must not fail them.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch },
      grepInvert: /@phone-only/,
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], launchOptions: chromiumLaunch },
      // Phone-width checks: the menu button and axe at phone size.
      grep: /@phone/,
    },
  ],
  webServer: [
    {
      command: `node tests/e2e/support/smtp-sink-server.mjs ${SMTP_PORT} ${PORT + 2}`,
      url: `${E2E_MAIL_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
    // Each run starts on an empty data folder; the server creates and migrates it.
    command: `node -e "require('fs').rmSync('${DATA_DIR}',{recursive:true,force:true})" && node dist/server/main.js`,
    url: `${E2E_BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      PRODUCT_NAME: 'E2E Shelf',
      PRODUCT_TAGLINE: 'Every note your class needs',
      INSTITUTION_NAME: 'Test University of Technology',
      INSTITUTION_EMAIL_DOMAIN: 'test-uni.edu',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      // Set-up sign-ups name a client address of their own (X-Forwarded-For): one address may
      // make 20 an hour (decision 032), and a run makes more. The browser's requests carry none.
      TRUST_PROXY: '127.0.0.1',
    },
  },
  ],
});
