import { E2E_CONFIG, expect, seriousA11yViolations, test } from './fixtures';

const BRANCH_CARDS = [
  ['CSE', 'Computer Science', 'cse'],
  ['IT', 'Information Technology', 'it'],
  ['EE', 'Electrical', 'ee'],
  ['ECE', 'Electronics', 'ece'],
  ['ME', 'Mechanical', 'me'],
  ['CE', 'Civil', 'ce'],
] as const;

test.describe('home page', () => {
  test('shows the configured product name, tagline and beta badge', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(E2E_CONFIG.productName);
    await expect(page.getByText(E2E_CONFIG.productTagline).first()).toBeVisible();
    await expect(page.getByRole('banner').getByText('Beta', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(E2E_CONFIG.productName));
  });

  for (const [label, path, heading] of [
    ['Explore Resources', '/branch', 'Engineering Branches'],
    ['Learn More', '/about', /about/i],
    ['Sign Up Now', '/signup', 'Sign Up'],
  ] as const) {
    test(`"${label}" leads to ${path}`, async ({ page }) => {
      await page.goto('/');
      await page.getByRole('main').getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
    });
  }

  test('signed-out navigation offers Login and Sign Up', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('banner');
    await nav.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL('/login');
    await nav.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL('/signup');
  });
});

test.describe('branch list', () => {
  test('shows the six branch cards linking to their filter page', async ({ page }) => {
    await page.goto('/branch');
    await expect(page.getByRole('heading', { level: 1, name: 'Engineering Branches' })).toBeVisible();
    const cards = page.getByRole('main').getByRole('link', { name: /(CSE|IT|EE|ECE|ME|CE)\b/ });
    await expect(cards).toHaveCount(6);
    for (const [index, [shortName, name, id]] of BRANCH_CARDS.entries()) {
      const card = cards.nth(index);
      await expect(card).toContainText(shortName);
      await expect(card).toContainText(name);
      await expect(card).toHaveAttribute('href', `/filter-resources?branch=${id}`);
    }
  });

  test('a branch card leads a signed-out visitor to log in first', async ({ page }) => {
    await page.goto('/branch');
    await page.getByRole('link', { name: /ECE/ }).click();
    // /filter-resources is login-required; the origin is remembered (accounts.spec.ts checks the return).
    await expect(page).toHaveURL('/login');
  });
});

test.describe('routing', () => {
  for (const path of ['/branch', '/about', '/terms', '/filter-resources?branch=cse']) {
    test(`a reload on ${path} serves the app`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });
  }

  test('an unknown path shows Page Not Found with a way home', async ({ page }) => {
    const response = await page.goto('/this/page/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText("doesn't exist or has been moved")).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL('/');
  });

  test('privacy-policy and privacy show the same policy; terms has real content', async ({ page }) => {
    for (const path of ['/privacy-policy', '/privacy']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/privacy/i);
      await expect(page.getByRole('main')).toContainText(E2E_CONFIG.institutionName);
    }
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/terms/i);
    expect((await page.getByRole('main').innerText()).length).toBeGreaterThan(800);
  });
});

test.describe('footer', () => {
  test('carries the disclaimer and the current year', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`not officially associated with ${E2E_CONFIG.institutionName}`);
    await expect(footer).toContainText('educational purposes only');
    const year = String(new Date().getFullYear());
    await expect(footer.getByTestId('copyright')).toContainText(year);
    await expect(footer.getByTestId('copyright')).toContainText(E2E_CONFIG.productName);
  });
});

test.describe('phone layout @phone-only', () => {
  test('the nav collapses to Login and a menu button that opens the other links', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    const menuButton = banner.getByRole('button', { name: 'Open menu' });
    await expect(menuButton).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Sign Up' })).toBeHidden();
    await menuButton.click();
    await expect(banner.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await banner.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL('/signup');
    await expect(banner.getByRole('link', { name: 'Sign Up' })).toBeHidden();
  });

  test('Login is one tap away in the phone header', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await banner.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('accessibility', () => {
  for (const path of ['/', '/branch', '/about', '/privacy-policy', '/terms', '/login', '/no-such-page']) {
    test(`${path} has no serious or critical axe violations @phone`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path === '/branch') await expect(page.getByRole('link', { name: /CSE/ })).toBeVisible();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }
});
