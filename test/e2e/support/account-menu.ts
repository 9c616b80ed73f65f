import type { Locator, Page } from 'playwright-core';

/**
 * Opens the account menu at the sidebar's foot (on a phone, opening the drawer first) and answers
 * its panel, where the account's entries and choices are.
 */
export async function openAccountMenu(page: Page): Promise<Locator> {
  const button = page.getByRole('button', { name: 'Account menu' });
  await openDrawer(page);
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const panel = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
  await panel.getByRole('menu', { name: 'Account' }).waitFor();
  return panel;
}

/** Chooses an entry of the account menu by its name ('API Keys', 'Admin Interface', 'Sign out'...). */
export async function chooseFromAccountMenu(page: Page, name: string): Promise<void> {
  const panel = await openAccountMenu(page);
  await panel.getByRole('menuitem', { name, exact: true }).click();
}

/** Shows the light or dark theme (chosen in the account menu when another shows), the menu and drawer closed. */
export async function chooseTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  // The app sets the attribute once the user's settings are read: the theme they kept is known then.
  await page.locator('html[data-theme]').waitFor({ state: 'attached' });
  const current = await page.locator('html').getAttribute('data-theme');
  // Shown already (the device's, or the user's own choice): nothing to choose.
  if (current !== theme) {
    await chooseFromAccountMenu(page, theme === 'dark' ? 'Dark theme' : 'Light theme');
    await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: 'attached' });
  }
  await closeAccountMenu(page);
}

/** Closes the account menu (and a phone's drawer) with Escape when open. */
export async function closeAccountMenu(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Account menu' });
  // On a phone whose drawer is closed the button is not there at all: nothing is open.
  if ((await button.count()) > 0 && (await button.getAttribute('aria-expanded')) === 'true') {
    await page.keyboard.press('Escape');
    await page.locator('[aria-label^="Account menu"][aria-expanded="false"]').waitFor({ state: 'attached' });
  }
  await closeDrawer(page);
}

/** On a phone (a screen narrow enough for 'Open sidebar'), opens the drawer; elsewhere nothing. */
export async function openDrawer(page: Page): Promise<void> {
  const closeButton = page.getByRole('button', { name: 'Close sidebar' });
  // The signed-in chat first: its sidebar button (a phone) or its account menu (a desktop).
  await page
    .locator('[aria-label="Open sidebar"]:visible, [aria-label^="Account menu"]:visible')
    .first()
    .waitFor();
  if (!(await page.getByRole('button', { name: 'Open sidebar' }).isVisible())) return;
  if (!(await closeButton.isVisible())) await page.getByRole('button', { name: 'Open sidebar' }).click();
  await closeButton.waitFor();
}

/** Closes a phone's drawer with Escape when open, and waits until it has gone. */
export async function closeDrawer(page: Page): Promise<void> {
  const closeButton = page.getByRole('button', { name: 'Close sidebar' });
  if (!(await closeButton.isVisible())) return;
  await page.keyboard.press('Escape');
  await closeButton.waitFor({ state: 'hidden' });
}

/** Signed in and past the sign-in page: the chat's account menu, or the Data Disclosure to accept first. */
export const signedInMark = (page: Page): Locator =>
  page
    .getByRole('button', { name: 'Account menu' })
    .or(page.getByRole('region', { name: 'Data Disclosure' }))
    .or(page.getByRole('button', { name: 'Open sidebar' }));
