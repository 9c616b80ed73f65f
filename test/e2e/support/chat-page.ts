import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** The chat screen as a user sees it: its messages, and sending one. */
export const userMessages = (page: Page): Locator => page.getByRole('article', { name: 'Your message' });
export const answers = (page: Page): Locator => page.getByRole('article', { name: 'Answer' });

/** Types `text` into the message box and presses Send (nothing waited for). */
export const sendMessage = async (page: Page, text: string): Promise<void> => {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
};

/** Sends `text` and waits for its own answer to end (its usage shown), not the one before it. */
export const askAndWait = async (page: Page, text: string): Promise<void> => {
  const before = await answers(page).count();
  await sendMessage(page, text);
  await expect.poll(() => answers(page).count()).toBe(before + 1);
  await answers(page).last().getByLabel('Usage').waitFor();
};
