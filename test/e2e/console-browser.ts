/** Signing in to the console in Chromium as a person does: the invitation link (email, one-time password), then a new password. */
import type { Browser, Page } from 'playwright-core';
import type { ConsoleRole } from '../../shared/ports/console-users.js';
import { inviteConsoleUser, NEW_PASSWORD } from '../integration/console/support.js';

export async function signInInBrowser(
  browser: Browser,
  baseUrl: string,
  email: string,
  role: ConsoleRole,
  clientKey?: string,
  opts: { screenshot?: string } = {},
): Promise<Page> {
  const temporary = await inviteConsoleUser(email, role, clientKey);
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(`${baseUrl}/console/#/sign-in?${new URLSearchParams({ email, code: temporary })}`);
  // The page fills the form from the link's fragment once its script runs (works in beforeAll too: no expect.poll).
  for (let i = 0; (await page.getByLabel('Email').inputValue()) !== email; i++) {
    if (i > 100) throw new Error('the sign-in form was not filled from the invitation link');
    await page.waitForTimeout(100);
  }
  if (opts.screenshot) await page.screenshot({ path: opts.screenshot });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel(/New password/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  return page;
}
