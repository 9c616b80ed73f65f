import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  conversationRoutes,
  EventsResponse,
  routes,
  userSettingsRoutes,
  type ConversationStorage,
} from '@app/contracts';
import { testChatModel } from '@app/platform/testing';
import { signIn, type SignedIn } from './support/browser';
import type { TestPlatform } from './support/platform';
import { startChatFixture, type ChatFixture } from './support/chat-fixture';
import { type ModelServer } from './support/chat-platform';
import { answers, userMessages } from './support/chat-page';

const admin = 'admin@example.com';
const user = 'versions@example.com';
const model = testChatModel();

let platform: TestPlatform;
let models: ModelServer;
let browser: Browser;
let adminSession: SignedIn;
let u: SignedIn;
let fixture: ChatFixture;

beforeAll(async () => {
  fixture = await startChatFixture({ admin, user, chatModels: [model] });
  ({ platform, models, browser, adminSession, u } = fixture);
  await u.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: platform.url });
});

afterAll(() => fixture?.close());

const conversations = (page: Page): Locator => page.getByRole('navigation', { name: 'Conversations' });
const words = (text: string): string[] => text.split(/(?= )/);

/** Sends a message and waits for its whole answer (`answer`, streamed word by word). */
const ask = async (page: Page, question: string, answer: string) => {
  const before = await answers(page).count();
  models.behave({ tokens: words(answer) });
  await page.getByRole('textbox', { name: 'Message' }).fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
  // Its own answer, not the one before it (the next answer's words are set only once this one is in).
  await expect.poll(() => answers(page).count()).toBe(before + 1);
  await answers(page).last().getByLabel('Usage').waitFor();
};

/** The user's conversation storage, as the account menu would save it (read at the next load). */
const useStorage = async (session: SignedIn, storage: ConversationStorage) => {
  const saved = await session.context.request.post(`${platform.url}${userSettingsRoutes.save}`, {
    headers: { origin: platform.url },
    data: { conversationStorage: storage },
  });
  expect(saved.status()).toBe(200);
  await session.page.reload();
};

/** Opens the conversation whose name starts with `title` from the list. */
const openConversation = (page: Page, title: string) =>
  conversations(page)
    .getByRole('button', { name: new RegExp(`^${title.replace(/[()]/g, '\\$&')}`) })
    .click();

const newConversation = async (page: Page) => {
  await page.getByRole('button', { name: /^New (chat|conversation)$/ }).click();
  await expect.poll(() => userMessages(page).count()).toBe(0);
};

/** The texts shown, in order: each user message and answer (their actions' words left out). */
const shownThread = async (page: Page): Promise<string[]> =>
  page
    .locator('.chat-bubble, .chat-message-answer .message-markdown, .chat-message-answer .message-text')
    .allInnerTexts()
    .then((texts) => texts.map((t) => t.trim()));

/** The 'n / m' of the turn whose user message shows `question`. */
const counterOf = (page: Page, question: string): Locator =>
  userMessages(page)
    .filter({ hasText: question })
    .getByRole('group', { name: /^Version \d+ of \d+$/ });

/**
 * Turns to the previous or next version of the turn showing `question`, and waits until the choice
 * is kept (in this browser for a local conversation, then on the server), as a reload would read it.
 */
const turnVersion = async (page: Page, question: string, name: 'Previous version' | 'Next version') => {
  const kept = page.waitForResponse((r) => r.url().endsWith(conversationRoutes.chooseVersion));
  await counterOf(page, question).getByRole('button', { name }).click();
  expect((await kept).status()).toBe(200);
};

/** The user messages the model server received last (what the model read). */
const lastModelMessages = (): string[] => {
  const messages = models.requests.at(-1)?.body['messages'];
  return Array.isArray(messages)
    ? messages.map((m: { role: string; content: unknown }) => `${m.role}: ${String(m.content)}`)
    : [];
};

const ratedEvents = async () => {
  const answer = await adminSession.context.request.get(
    `${platform.url}${routes.events}?${new URLSearchParams({ type: 'AnswerRated', limit: '100' }).toString()}`,
  );
  expect(answer.status()).toBe(200);
  return EventsResponse.parse(await answer.json()).data;
};

describe.each([
  ['local', 'future-local'],
  ['cloud', 'future-cloud'],
] as const)('message actions and versions in a %s conversation', (name, storage) => {
  const q1 = `First question (${name})`;
  const q2 = `Second question (${name})`;
  const q3 = `Third question (${name})`;
  const edited = `Second question, edited (${name})`;

  it('Copy message puts the answer’s markdown on the clipboard', async () => {
    const { page } = u;
    await useStorage(u, storage);
    await newConversation(page);
    await ask(page, q1, 'A **bold** first answer.');
    await ask(page, q2, 'The second answer.');
    await ask(page, q3, 'The third answer.');
    const first = answers(page).first();
    await first.hover();
    await first.getByRole('button', { name: 'Copy message' }).click();
    await first.getByRole('status').getByText('Copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('A **bold** first answer.');
    const question = userMessages(page).first();
    await question.hover();
    await question.getByRole('button', { name: 'Copy message' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(q1);
  });

  it('Edit message sends a new version (2 / 2) with the thread up to its parent; Previous version shows version 1 with the answers that followed it', async () => {
    const { page } = u;
    const second = userMessages(page).filter({ hasText: q2 });
    await second.hover();
    await second.getByRole('button', { name: 'Edit message' }).click();
    const input = page.getByRole('textbox', { name: 'Edited message' });
    // Escape leaves the message as it was.
    await input.press('Escape');
    await input.waitFor({ state: 'detached' });
    await second.hover();
    await second.getByRole('button', { name: 'Edit message' }).click();
    await input.fill(edited);
    models.behave({ tokens: words('The edited answer.') });
    await page.getByRole('button', { name: 'Save & send' }).click();
    await answers(page).last().getByText('The edited answer.').waitFor();
    await answers(page).last().getByLabel('Usage').waitFor();
    expect(lastModelMessages()).toEqual([
      `user: ${q1}`,
      'assistant: A **bold** first answer.',
      `user: ${edited}`,
    ]);
    await expect.poll(() => counterOf(page, edited).innerText()).toMatch(/2 \/ 2/);
    expect(await shownThread(page)).toEqual([q1, 'A bold first answer.', edited, 'The edited answer.']);

    await turnVersion(page, edited, 'Previous version');
    await expect
      .poll(() => shownThread(page))
      .toEqual([q1, 'A bold first answer.', q2, 'The second answer.', q3, 'The third answer.']);
    await expect.poll(() => counterOf(page, q2).innerText()).toMatch(/1 \/ 2/);
  });

  it('after a reload the version the user turned to shows again', async () => {
    const { page } = u;
    await page.reload();
    await openConversation(page, q1);
    await expect
      .poll(() => shownThread(page))
      .toEqual([q1, 'A bold first answer.', q2, 'The second answer.', q3, 'The third answer.']);
    await expect.poll(() => counterOf(page, q2).innerText()).toMatch(/1 \/ 2/);
    await turnVersion(page, q2, 'Next version');
    await expect
      .poll(() => shownThread(page))
      .toEqual([q1, 'A bold first answer.', edited, 'The edited answer.']);
  });

  it('Regenerate response asks the same question again after the same parent: a new version, 3 / 3', async () => {
    const { page } = u;
    await turnVersion(page, edited, 'Previous version');
    await expect.poll(() => counterOf(page, q2).innerText()).toMatch(/1 \/ 2/);
    const answer = answers(page).filter({ hasText: 'The second answer.' });
    await answer.hover();
    models.behave({ tokens: words('The regenerated answer.') });
    await answer.getByRole('button', { name: 'Regenerate response' }).click();
    await answers(page).last().getByText('The regenerated answer.').waitFor();
    await answers(page).last().getByLabel('Usage').waitFor();
    expect(lastModelMessages()).toEqual([
      `user: ${q1}`,
      'assistant: A **bold** first answer.',
      `user: ${q2}`,
    ]);
    await expect.poll(() => counterOf(page, q2).innerText()).toMatch(/3 \/ 3/);
    expect(await shownThread(page)).toEqual([q1, 'A bold first answer.', q2, 'The regenerated answer.']);
    await turnVersion(page, q2, 'Previous version');
    await expect.poll(() => counterOf(page, edited).innerText()).toMatch(/2 \/ 3/);
    // The focus stays on the switch, so the keyboard can go on stepping.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Previous version',
    );
    await turnVersion(page, edited, 'Next version');
    await expect.poll(() => counterOf(page, q2).innerText()).toMatch(/3 \/ 3/);

    await page.reload();
    await openConversation(page, q1);
    await expect
      .poll(() => shownThread(page))
      .toEqual([q1, 'A bold first answer.', q2, 'The regenerated answer.']);
    await expect.poll(() => counterOf(page, q2).innerText()).toMatch(/3 \/ 3/);
  });

  it('Good response and Bad response (with a comment) are in the log with the actor', async () => {
    const { page } = u;
    const answer = answers(page).filter({ hasText: 'The regenerated answer.' });
    await answer.hover();
    const good = answer.getByRole('button', { name: 'Good response' });
    const rated = page.waitForResponse((r) => r.url().endsWith('/api/chat/rate'));
    await good.click();
    expect((await rated).status()).toBe(200);
    await expect.poll(() => good.getAttribute('aria-pressed')).toBe('true');

    const first = answers(page).first();
    await first.hover();
    const bad = first.getByRole('button', { name: 'Bad response' });
    await bad.click();
    await expect.poll(() => bad.getAttribute('aria-pressed')).toBe('true');
    await first.getByRole('textbox', { name: 'What was wrong? (optional)' }).fill(`Too bold (${name})`);
    await first.getByRole('button', { name: 'Send feedback' }).click();
    await first.getByRole('textbox', { name: 'What was wrong? (optional)' }).waitFor({ state: 'detached' });

    await expect
      .poll(async () =>
        (await ratedEvents())
          .filter((e) => e.metadata.actor.email === user)
          .map((e) => e.data as { rating: string; comment?: string })
          .filter((d) => d.rating === 'good' || d.comment === `Too bold (${name})`)
          .map((d) => `${d.rating}${d.comment ? `: ${d.comment}` : ''}`),
      )
      .toEqual(expect.arrayContaining(['good', `bad: Too bold (${name})`]));
  });

  it('after a reload the ratings the user gave show pressed again', async () => {
    const { page } = u;
    await page.reload();
    await openConversation(page, q1);
    const pressed = (answer: Locator, name: 'Good response' | 'Bad response') =>
      answer.getByRole('button', { name }).getAttribute('aria-pressed');
    const regenerated = answers(page).filter({ hasText: 'The regenerated answer.' });
    await expect.poll(() => pressed(regenerated, 'Good response')).toBe('true');
    expect(await pressed(regenerated, 'Bad response')).toBe('false');
    await expect.poll(() => pressed(answers(page).first(), 'Bad response')).toBe('true');
    expect(await pressed(answers(page).first(), 'Good response')).toBe('false');
  });

  it.runIf(storage === 'future-cloud')(
    'a second browser of the same user shows the version turned to, and its other versions',
    async () => {
      const other = await signIn(browser, platform.url, user);
      try {
        const { page } = other;
        await openConversation(page, q1);
        await expect
          .poll(() => shownThread(page))
          .toEqual([q1, 'A bold first answer.', q2, 'The regenerated answer.']);
        await expect.poll(() => counterOf(page, q2).innerText()).toMatch(/3 \/ 3/);
        // The ratings given in the first browser show here too.
        const good = answers(page)
          .filter({ hasText: 'The regenerated answer.' })
          .getByRole('button', { name: 'Good response' });
        await expect.poll(() => good.getAttribute('aria-pressed')).toBe('true');
        await turnVersion(page, q2, 'Previous version');
        await turnVersion(page, edited, 'Previous version');
        await expect
          .poll(() => shownThread(page))
          .toEqual([q1, 'A bold first answer.', q2, 'The second answer.', q3, 'The third answer.']);
        expect(other.errors).toEqual([]);

        // On a touch phone the actions show without hovering, and nothing scrolls sideways.
        const phone = await browser.newContext({
          baseURL: platform.url,
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
          storageState: await other.context.storageState(),
        });
        try {
          const touch = await phone.newPage();
          await touch.goto('/');
          const drawer = touch.getByRole('button', { name: 'Open sidebar' });
          await touch.getByRole('textbox', { name: 'Message' }).waitFor();
          if (await drawer.isVisible()) await drawer.click();
          await openConversation(touch, q1);
          const copy = answers(touch).first().getByRole('button', { name: 'Copy message' });
          await copy.waitFor();
          const opacity = () => copy.evaluate((e) => getComputedStyle(e.parentElement ?? e).opacity);
          await expect.poll(opacity).toBe('1');
          expect(await touch.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        } finally {
          await phone.close();
        }
      } finally {
        await other.context.close();
      }
    },
  );

  it('an edit of the first message streams as version 2 of the first turn, and a reload resumes it there', async () => {
    const { page } = u;
    const first = userMessages(page).first();
    await first.hover();
    await first.getByRole('button', { name: 'Edit message' }).click();
    await page.getByRole('textbox', { name: 'Edited message' }).fill(`A new start (${name})`);
    const slow = Array.from({ length: 40 }, (_, i) => (i === 0 ? 'w0' : ` w${i}`));
    models.behave({ tokens: slow, tokenDelayMs: 80 });
    await page.getByRole('button', { name: 'Save & send' }).click();
    await answers(page)
      .last()
      .getByText(/\bw4\b/)
      .waitFor();
    expect(lastModelMessages()).toEqual([`user: A new start (${name})`]);
    await page.reload();
    const answer = answers(page).last();
    await answer.getByLabel('Usage').waitFor();
    expect(await answer.innerText()).toContain(slow.join(''));
    await expect.poll(() => counterOf(page, `A new start (${name})`).innerText()).toMatch(/2 \/ 2/);
    expect(await userMessages(page).count()).toBe(1);
    await turnVersion(page, `A new start (${name})`, 'Previous version');
    // The first version goes on with the versions last turned to: in the cloud, the second browser's.
    const later =
      storage === 'future-cloud'
        ? [q2, 'The second answer.', q3, 'The third answer.']
        : [q2, 'The regenerated answer.'];
    await expect.poll(() => shownThread(page)).toEqual([q1, 'A bold first answer.', ...later]);
  });

  it('no errors in the page, none told (turning to a version, rating)', async () => {
    expect(u.errors).toEqual([]);
    expect(await u.page.locator('.toast-error').allInnerTexts()).toEqual([]);
  });
});
