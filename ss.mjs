import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3455';
const [,, who, ...pages] = process.argv;
const creds = { admin: ['admin@example.edu','ShelfAdmin2024'], cr: ['cr@example.edu','ShelfRep2024'], student: ['student@example.edu','ShelfStudent2024'] }[who];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [w, h, tag] of [[1280, 900, 'desk'], [390, 844, 'phone']]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  if (creds) await page.request.post(base + '/api/auth/login', { data: { email: creds[0], password: creds[1] }, headers: { origin: base } });
  for (const p of pages) {
    await page.goto(base + p); await page.waitForTimeout(1500);
    const name = `/tmp/shots/${who}-${p.replace(/[^a-z0-9]+/gi, '_')}-${tag}.png`;
    await page.screenshot({ path: name, fullPage: process.env.FULL === '1' });
    console.log(name);
  }
  await ctx.close();
}
await browser.close();
