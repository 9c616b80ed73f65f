import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminMessages, identityMessages, sessionCookieName } from '@app/contracts';
import { launchBrowser, openAdmin, seeToast, signIn, toast, type SignedIn } from './support/browser';
import { startTestPlatform, type TestPlatform } from './support/platform';
import { chooseFromAccountMenu, closeAccountMenu, openAccountMenu } from './support/account-menu';

const alice = 'alice@example.com';
const bob = 'bob@example.com';
const carol = 'carol@example.com';
const dave = 'dave@example.com';
let platform: TestPlatform;
let browser: Browser;
let a: SignedIn;
let dialogA: Locator;
const contexts: SignedIn[] = [];

const signInAs = async (email: string): Promise<SignedIn> => {
  const signedIn = await signIn(browser, platform.url, email);
  contexts.push(signedIn);
  return signedIn;
};

beforeAll(async () => {
  platform = await startTestPlatform([alice, bob, carol, dave]);
  browser = await launchBrowser();
  a = await signInAs(alice);
  dialogA = await openAdmin(a.page);
});

afterAll(async () => {
  for (const c of contexts) await c.context.close();
  await browser?.close();
  await platform?.close();
});

const card = (dialog: Locator, title: string): Locator =>
  dialog.getByRole('region', { name: title, exact: true });

/** The sign-in page, saying the session ended. */
const seeSessionEnded = async (page: Page) => {
  await page.getByRole('alert').getByText(identityMessages.sessionEnded, { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
  expect(await page.getByRole('dialog', { name: 'Admin Interface' }).count()).toBe(0);
};

const sessionCookie = async (signedIn: SignedIn): Promise<string> => {
  const cookie = (await signedIn.context.cookies()).find((c) => c.name === sessionCookieName);
  if (!cookie) throw new Error('no session cookie');
  return `${cookie.name}=${cookie.value}`;
};

/** Errors the page logged, but for Chromium's own line about a refused websocket handshake. */
const pageErrors = (signedIn: SignedIn) => signedIn.errors.filter((e) => !e.includes('WebSocket'));

describe("an admin ends a user's sessions", () => {
  it('from the Sessions card, after confirming; every page of the user goes back to sign-in', async () => {
    const b = await signInAs(bob);
    const dialogB = await openAdmin(b.page);
    // A second sign-in of Bob's, with the dialog closed: its next call answers 401.
    const b2 = await signInAs(bob);
    const oldCookie = await sessionCookie(b);

    const sessions = card(dialogA, 'Sessions');
    await sessions.getByLabel('User email').fill(bob);
    await sessions.getByRole('button', { name: 'End sessions' }).click();
    const confirm = a.page.getByRole('alertdialog', { name: 'End sessions' });
    await confirm.getByText(identityMessages.endSessionsConfirm(bob), { exact: true }).waitFor();
    await a.page.screenshot({ path: '/tmp/sessions-card-confirm.png' });
    await confirm.getByRole('button', { name: 'End sessions' }).click();
    await seeToast(a.page, identityMessages.sessionsEnded(bob, 2));
    expect(await sessions.getByLabel('User email').inputValue()).toBe('');

    // The open dialog's socket is closed by the server (4401): Bob is back at sign-in, told why.
    await dialogB.waitFor({ state: 'detached' });
    await seeSessionEnded(b.page);
    await b.page.screenshot({ path: '/tmp/session-ended-sign-in.png' });
    const me = await fetch(new URL('/auth/me', platform.url), { headers: { cookie: oldCookie } });
    expect(me.status).toBe(401);

    // The other page's own socket (the chat screen's, on Bob's user read models) is closed too (4401):
    // it is back at sign-in as well, and says nothing else.
    await seeSessionEnded(b2.page);
    expect(await toast(b2.page, adminMessages.loadFailed).count()).toBe(0);

    // Alice is untouched, and Bob can sign in again.
    await dialogA.locator('[data-live="live"]').waitFor();
    await b.page.getByLabel('Email').fill(bob);
    await b.page.getByRole('button', { name: 'Sign in' }).click();
    await (await openAccountMenu(b.page)).getByRole('menuitem', { name: 'Admin Interface' }).waitFor();
    expect(await b.page.getByText(identityMessages.sessionEnded).count()).toBe(0);
    expect(pageErrors(a)).toEqual([]);
    expect(pageErrors(b)).toEqual([]);
    expect(pageErrors(b2)).toEqual([]);
  });
});

describe('an admin removed while the Admin Interface is open', () => {
  it('sees it close with a toast, without the unsaved-changes question, and loses the button', async () => {
    const c = await signInAs(carol);
    const dialogC = await openAdmin(c.page);
    // An unsaved edit: it cannot be saved any more, so nobody asks about it.
    const addAdmins = card(dialogC, 'Admins').getByLabel('Add admins');
    await addAdmins.fill('someone@example.com');
    await addAdmins.press('Enter');
    await dialogC.getByRole('heading', { name: 'Admin Interface *' }).waitFor();

    const admins = card(dialogA, 'Admins');
    await admins.getByText(carol, { exact: true }).waitFor();
    await admins.getByRole('button', { name: `Remove ${carol}` }).click();
    await dialogA.getByRole('button', { name: 'Save Changes' }).click();
    await seeToast(a.page, adminMessages.saved);

    await toast(c.page, identityMessages.noLongerAdmin).waitFor();
    await dialogC.waitFor({ state: 'detached' });
    await c.page.screenshot({ path: '/tmp/no-longer-admin.png' });
    await c.page.getByRole('button', { name: 'New chat', exact: true }).waitFor();
    const menu = await openAccountMenu(c.page);
    await menu.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Admin Interface' }).count()).toBe(0);
    await closeAccountMenu(c.page);
    expect(await c.page.getByRole('alertdialog').count()).toBe(0);
    // Still signed in: only the admin right went.
    await c.page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(pageErrors(c)).toEqual([]);
  });
});

describe('signing out in one place', () => {
  it("ends only that session: the user's other sign-in keeps working and stays live", async () => {
    const d1 = await signInAs(dave);
    const d2 = await signInAs(dave);
    const d3 = await signInAs(dave);
    const dialog2 = await openAdmin(d2.page);
    await openAdmin(d3.page);

    await chooseFromAccountMenu(d1.page, 'Sign out');
    await d1.page.getByRole('button', { name: 'Sign in' }).waitFor();
    // Signed out on purpose: no "session ended" notice.
    expect(await d1.page.getByText(identityMessages.sessionEnded).count()).toBe(0);

    // A third sign-in signs out behind its page's back: once its socket is closed, the server has
    // swept the sockets after both sign-outs, so it would have closed the second one by now too.
    const status = await d3.page.evaluate(
      async () => (await fetch('/auth/logout', { method: 'POST' })).status,
    );
    expect(status).toBe(200);
    await seeSessionEnded(d3.page);

    await d2.page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(await dialog2.locator('[data-live="live"]').count()).toBe(1);
    expect((await d2.context.request.get('/auth/me')).status()).toBe(200);
    const addAdmins = card(dialog2, 'Admins').getByLabel('Add admins');
    await addAdmins.fill('erin@example.com');
    await addAdmins.press('Enter');
    await dialog2.getByRole('button', { name: 'Save Changes' }).click();
    await seeToast(d2.page, adminMessages.saved);
    // Alice's open dialog hears of Dave's save over her own socket.
    await card(dialogA, 'Admins').getByText('erin@example.com', { exact: true }).waitFor();
    expect(pageErrors(d1)).toEqual([]);
    expect(pageErrors(d2)).toEqual([]);
    expect(pageErrors(d3)).toEqual([]);
  });
});
