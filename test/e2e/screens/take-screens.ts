/**
 * Takes the screenshots the README shows (docs/screens/): the chat with an answer holding math,
 * code and a diagram on a desktop and a phone in both themes, the phone's drawer and account menu,
 * and the Admin Interface on a phone. `npm run screens` (a built web app and DATABASE_URL, as for
 * the browser tests).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { testChatModel } from '@app/platform/testing';
import { chooseTheme, closeDrawer, openAccountMenu } from '../support/account-menu';
import { launchBrowser, openAdmin, signIn } from '../support/browser';
import { configureChatModels, startModelServer } from '../support/chat-platform';
import { startTestPlatform } from '../support/platform';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/screens');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(out, `${name}.png`) });

const answer = [
  'Mass holds energy: $E = mc^2$, so for one kilogram\n\n',
  '$$E = 1 \\times (3 \\times 10^8)^2 \\approx 9 \\times 10^{16}\\,\\text{J}$$\n\n',
  '```ts\nconst c = 299_792_458; // metres per second\nexport const energy = (kg: number): number => kg * c ** 2;\n```\n\n',
  '```mermaid\nflowchart LR\n  Mass --> Energy --> Light\n```\n',
];

const platform = await startTestPlatform(['admin@example.com']);
const models = await startModelServer();
const browser = await launchBrowser();
try {
  models.behave({ tokens: answer });
  const desk = await signIn(browser, platform.url, 'admin@example.com');
  await configureChatModels(desk.context, platform.url, models, [testChatModel()]);
  await desk.page.reload();
  const input = desk.page.getByRole('textbox', { name: 'Message' });
  await input.fill('How much energy is in a kilogram of mass?');
  await input.press('Enter');
  const diagram = desk.page.locator('.katex').first();
  await diagram.waitFor();
  await desk.page.getByRole('button', { name: 'Regenerate response' }).first().waitFor({ state: 'attached' });
  await desk.page
    .locator('svg[id^="mermaid"]')
    .first()
    .waitFor({ timeout: 20_000 })
    .catch(() => undefined);
  await shot(desk.page, 'chat-desktop-light');
  await chooseTheme(desk.page, 'dark');
  await desk.page
    .locator('svg[id^="mermaid"]')
    .first()
    .waitFor({ timeout: 20_000 })
    .catch(() => undefined);
  await shot(desk.page, 'chat-desktop-dark');
  await chooseTheme(desk.page, 'light');

  const phone = await browser.newContext({
    baseURL: platform.url,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    storageState: await desk.context.storageState(),
  });
  const page = await phone.newPage();
  await page.goto('/');
  // The desktop's conversation is kept in its browser: the phone asks again.
  const phoneInput = page.getByRole('textbox', { name: 'Message' });
  await phoneInput.fill('How much energy is in a kilogram of mass?');
  await page.getByRole('button', { name: 'Send' }).tap();
  await page.locator('.katex').first().waitFor();
  await page
    .locator('svg[id^="mermaid"]')
    .first()
    .waitFor({ timeout: 20_000 })
    .catch(() => undefined);
  await shot(page, 'chat-phone-light');
  await openAccountMenu(page);
  await shot(page, 'account-menu-phone-light');
  await chooseTheme(page, 'dark');
  await closeDrawer(page);
  await shot(page, 'chat-phone-dark');
  await openAdmin(page);
  await shot(page, 'admin-phone-dark');
} finally {
  await browser.close();
  await models.close();
  await platform.close();
}
