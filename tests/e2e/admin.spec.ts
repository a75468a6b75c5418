import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, test } from './fixtures';
import { createAccount, requestAdminAccess, signIn } from './support/accounts';
import { mailsTo } from './support/mail';

/** A word no other journey's users carry, so parallel tests do not change what we count. */
const tag = () => `Zq${Math.random().toString(36).slice(2, 8)}`;

const usersTable = (page: Page) => page.getByRole('table');
const row = (page: Page, name: string) => usersTable(page).getByRole('row').filter({ hasText: name });

test.describe('admin dashboard', () => {
  test('an admin filters, searches, pages, promotes, deletes, approves an admin request and reads the audit log', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const t = tag();
    const admin = await createAccount('ADMIN', `${t} Boss`);
    // 11 matching users: two pages of 10. Three in CE semester 8, the rest in IT semester 6.
    const pupils = [];
    for (let i = 1; i <= 11; i++) {
      const name = `${t} Pupil ${String(i).padStart(2, '0')}`;
      pupils.push(await createAccount('STUDENT', name, i <= 3 ? { branch: 'ce', semester: 8 } : { branch: 'it', semester: 6 }));
    }
    const applicant = await requestAdminAccess(`${t} Applicant`);
    // An address nobody has verified may be someone else's: its request waits (decision 032).
    const squatter = await requestAdminAccess(`${t} Squatter`, { verified: false });

    await signIn(page, admin);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    const stats = page.getByRole('list', { name: 'User statistics' });
    for (const label of ['Total Users', 'CRs', 'Students', 'Branches']) await expect(stats.getByText(label, { exact: true })).toBeVisible();
    await expect(stats.getByText('6', { exact: true })).toBeVisible();

    // Search (name, any case) -> 11 users over two pages.
    await page.getByPlaceholder('Search users...').fill(t.toUpperCase() + ' pupil');
    await expect(page.getByText('11 users')).toBeVisible();
    await expect(usersTable(page).getByRole('row')).toHaveCount(11); // header + 10
    await page.getByRole('navigation', { name: 'User pages' }).getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(row(page, `${t} Pupil 11`)).toBeVisible();
    await expect(usersTable(page).getByRole('row')).toHaveCount(2);

    // A filter change returns to page 1; the branch option carries its count.
    const branch = page.getByRole('combobox', { name: 'Branch' });
    await expect(branch.locator('option[value="ce"]')).toHaveText(/\(3\)$/);
    await branch.selectOption('ce');
    await expect(page).not.toHaveURL(/page=/);
    await expect(page.getByText('3 users')).toBeVisible();
    await expect(usersTable(page).getByRole('row')).toHaveCount(4);

    // Role tabs with counts; an empty tab says so.
    const tabs = page.getByRole('group', { name: 'Filter by role' });
    await expect(tabs.getByRole('button', { name: /^Students\s*3$/ })).toBeVisible();
    await tabs.getByRole('button', { name: /^CRs/ }).click();
    await expect(page.getByText('No users found matching your criteria')).toBeVisible();
    await tabs.getByRole('button', { name: /^All Users/ }).click();

    // Promote a student to CR through the "Change User Role" dialog.
    await row(page, `${t} Pupil 01`).getByRole('button', { name: 'Make CR' }).click();
    const roleDialog = page.getByRole('dialog', { name: 'Change User Role' });
    await expect(roleDialog).toContainText(`${t} Pupil 01's role from Student to CR`);
    await roleDialog.getByRole('button', { name: 'Make CR' }).click();
    await expect(roleDialog).toBeHidden();
    await expect(page.getByText(`${t} Pupil 01 is now a CR`)).toBeVisible();
    await expect(row(page, `${t} Pupil 01`).getByText('CR', { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(row(page, `${t} Pupil 01`).getByRole('button', { name: 'Make Student' })).toBeVisible();
    await expect(tabs.getByRole('button', { name: /^CRs\s*1$/ })).toBeVisible();

    // Delete a user after confirming.
    await row(page, `${t} Pupil 02`).getByRole('button', { name: `Delete ${t} Pupil 02` }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete User' });
    await expect(deleteDialog).toContainText(pupils[1]!.email);
    await deleteDialog.getByRole('button', { name: 'Delete User' }).click();
    await expect(row(page, `${t} Pupil 02`)).toHaveCount(0);
    await expect(page.getByText('2 users')).toBeVisible();

    const squatterItem = page.getByRole('listitem').filter({ hasText: squatter.email });
    await expect(squatterItem.getByText('Waiting for e-mail verification')).toBeVisible();
    await expect(page.getByRole('button', { name: `Approve admin access for ${squatter.name}` })).toBeDisabled();

    // Approve the pending admin-access request: the applicant becomes an admin and is told by mail.
    await page.getByRole('button', { name: `Approve admin access for ${applicant.name}` }).click();
    const approveDialog = page.getByRole('dialog', { name: 'Approve Admin Access' });
    await approveDialog.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText(`Admin access granted: ${applicant.name}`)).toBeVisible();
    await expect(page.getByRole('button', { name: `Approve admin access for ${applicant.name}` })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Branch' }).selectOption('');
    await page.getByPlaceholder('Search users...').fill(applicant.email);
    const applicantRow = row(page, applicant.name);
    await expect(applicantRow.getByText('Admin', { exact: true }).filter({ visible: true })).toBeVisible();
    // Admin rows have no role or delete controls; an admin may only be signed out everywhere.
    await expect(applicantRow.getByRole('button')).toHaveCount(1);
    await expect(applicantRow.getByRole('button', { name: `Sign ${applicant.name} out everywhere` })).toBeVisible();
    await expect.poll(async () => (await mailsTo(applicant.email)).some((raw) => raw.includes('admin access request was approved'))).toBe(true);

    // The audit log: newest first, our three actions in reverse order.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
    const entries = page.getByRole('listitem').filter({ hasText: t });
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toContainText(`Approved the admin-access request of ${applicant.name}`);
    await expect(entries.nth(1)).toContainText(`Deleted the account of ${t} Pupil 02`);
    await expect(entries.nth(2)).toContainText(`Changed the role of ${t} Pupil 01`);
    await expect(entries.nth(2)).toContainText(`by ${t} Boss`);
    await entries.nth(2).getByText('Before and after').click();
    await expect(entries.nth(2).getByRole('term')).toHaveText(['role']);
    await expect(entries.nth(2).getByRole('definition')).toHaveText(/^STUDENT\s*→\s*changed to\s*CR$/);
  });

  test('the deleted user is signed out at once; a student is sent away from /dashboard', async ({ page, browser }) => {
    const t = tag();
    const admin = await createAccount('ADMIN', `${t} Boss`);
    const student = await createAccount('STUDENT', `${t} Leaver`);
    const studentContext = await browser.newContext();
    const studentPage = await studentContext.newPage();
    await signIn(studentPage, student);
    await studentPage.goto('/dashboard');
    await expect(studentPage).toHaveURL('/branch');
    expect((await studentPage.request.get('/api/admin/users')).status()).toBe(403);

    await signIn(page, admin);
    await page.goto(`/dashboard?q=${encodeURIComponent(student.email)}`);
    await row(page, student.name).getByRole('button', { name: `Delete ${student.name}` }).click();
    await page.getByRole('dialog', { name: 'Delete User' }).getByRole('button', { name: 'Delete User' }).click();
    await expect(page.getByText('No users found matching your criteria')).toBeVisible();

    await studentPage.goto('/filter-resources');
    await expect(studentPage).toHaveURL('/login');
    await studentContext.close();
  });

  test('an admin whose access was withdrawn meanwhile sees Access Denied on the dashboard', async ({ page }) => {
    const admin = await createAccount('ADMIN', `${tag()} Boss`);
    await signIn(page, admin);
    // The session cached in the browser still says ADMIN; the server has since said no.
    await page.route('**/api/admin/**', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 403, error: 'Forbidden', message: "Access Denied: You don't have permission to access this page." }),
      }),
    );
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: "Access Denied: You don't have permission to access this page." })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });

  test('the dashboard at phone width has no serious accessibility problems @phone', async ({ page }) => {
    const admin = await createAccount('ADMIN', `${tag()} Boss`);
    await signIn(page, admin);
    await page.goto('/dashboard');
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto('/dashboard/audit-log');
    await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
