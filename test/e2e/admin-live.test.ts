import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { adminMessages, platformMessages } from '@app/contracts';
import { launchBrowser, openAdmin, seeToast, signIn, type SignedIn } from './support/browser';
import { startTestPlatform, type TestPlatform } from './support/platform';

const adminA = 'alice@example.com';
const adminB = 'bob@example.com';
let platform: TestPlatform;
let browser: Browser;
let a: SignedIn;
let b: SignedIn;
let dialogA: Locator;
let dialogB: Locator;

beforeAll(async () => {
  platform = await startTestPlatform([adminA, adminB]);
  browser = await launchBrowser();
  a = await signIn(browser, platform.url, adminA);
  b = await signIn(browser, platform.url, adminB);
  dialogA = await openAdmin(a.page);
  dialogB = await openAdmin(b.page);
});

afterAll(async () => {
  await a?.context.close();
  await b?.context.close();
  await browser?.close();
  await platform?.close();
});

const flagRow = (dialog: Locator, name: string): Locator =>
  dialog.getByRole('row').filter({ has: dialog.page().getByText(name, { exact: true }) });

const addFeature = async (dialog: Locator, name: string) => {
  await dialog.getByLabel('Feature name').fill(name);
  await dialog.getByRole('button', { name: 'Add Feature' }).click();
};

describe('two admins at once', () => {
  it("A's save appears in B's open dialog without a reload", async () => {
    const input = dialogA.getByLabel('Add admins');
    await input.fill('carol@example.com');
    await input.press('Enter');
    await dialogA.getByRole('button', { name: 'Save Changes' }).click();
    await seeToast(a.page, adminMessages.saved);

    await dialogB
      .getByRole('list', { name: 'Admins' })
      .getByText('carol@example.com', { exact: true })
      .waitFor();
    expect(await dialogB.getByRole('alert').count()).toBe(0);
    await dialogB.getByRole('heading', { name: 'Admin Interface', exact: true }).waitFor();
  });

  it('B, editing the same section, is told who changed it and can reload that section', async () => {
    await dialogA.getByRole('tab', { name: 'Feature Flags' }).click();
    await dialogB.getByRole('tab', { name: 'Feature Flags' }).click();

    await addFeature(dialogB, 'bob flag');
    await flagRow(dialogB, 'bobFlag').waitFor();

    await addFeature(dialogA, 'alice flag');
    await dialogA.getByRole('button', { name: 'Save Changes' }).click();
    await seeToast(a.page, adminMessages.saved);

    const notice = platformMessages.changedByOther('Feature Flags', adminA);
    await dialogB.getByRole('alert').getByText(notice, { exact: true }).waitFor();
    await b.page.screenshot({ path: '/tmp/admin-changed-by-other.png' });
    // B's edits are kept, not silently overwritten.
    await flagRow(dialogB, 'bobFlag').waitFor();
    await dialogB.getByRole('tab', { name: 'Feature Flags *' }).waitFor();

    await dialogB.getByRole('button', { name: 'Reload Feature Flags' }).click();
    await flagRow(dialogB, 'aliceFlag').waitFor();
    await flagRow(dialogB, 'bobFlag').waitFor({ state: 'detached' });
    await dialogB.getByRole('tab', { name: 'Feature Flags', exact: true }).waitFor();
    expect(await dialogB.getByRole('alert').count()).toBe(0);
  });

  it('B can save over the change after being told; A sees the result', async () => {
    await addFeature(dialogB, 'bob flag');
    await flagRow(dialogB, 'bobFlag').waitFor();

    await flagRow(dialogA, 'aliceFlag').getByRole('button', { name: 'Disabled' }).click();
    await dialogA.getByRole('button', { name: 'Save Changes' }).click();
    await seeToast(a.page, adminMessages.saved);

    await dialogB
      .getByRole('alert')
      .getByText(platformMessages.changedByOther('Feature Flags', adminA))
      .waitFor();
    await dialogB.getByRole('button', { name: 'Save Changes' }).click();
    await seeToast(b.page, adminMessages.saved);
    expect(await dialogB.getByRole('alert').count()).toBe(0);

    // B's version (made before A enabled aliceFlag) is what the platform keeps now.
    await flagRow(dialogA, 'bobFlag').waitFor();
    await flagRow(dialogA, 'aliceFlag').getByRole('button', { name: 'Disabled' }).waitFor();
    // A saved nothing since: A's own saves never raised a notice.
    expect(await dialogA.getByRole('alert').count()).toBe(0);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
