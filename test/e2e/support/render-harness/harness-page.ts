import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { ChatSource } from '@app/contracts';

export interface HarnessPage {
  context: BrowserContext;
  page: Page;
  /** Errors the page threw or logged, and CSP violations: a test ends by expecting none. */
  errors: string[];
  /** Dialogs (alert, confirm, prompt) the page opened: a model's text must never open one. */
  dialogs: string[];
  /** Every URL the page requested. */
  requests: string[];
  /** The rendered message. */
  message: Locator;
}

declare global {
  interface Window {
    /** Set by any script a model's text managed to run: it must stay unset. */
    __pwned?: unknown;
    /** The harness page's hook (web/src/chat/render/harness/main.tsx). */
    renderHarness?: {
      show: (text: string, streaming: boolean) => void;
      update: (text: string, streaming: boolean) => void;
      sources: (sources: ChatSource[]) => void;
    };
  }
}

/** The harness page in a fresh context, ready for `showMessage`. */
export async function openHarness(browser: Browser, url: string): Promise<HarnessPage> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  const dialogs: string[] = [];
  const requests: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  page.on('request', (r) => requests.push(r.url()));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      // zod tries `new Function('')` once (and catches the refusal) to choose its fast path: that
      // probe is the app's own and harmless. Code that needs eval to work (Vega without its
      // interpreter) fails to draw, which the tests see; every other refusal is an error.
      if (e.blockedURI !== 'eval') console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  await page.goto('/');
  await page.locator('body[data-harness="ready"]').waitFor();
  return { context, page, errors, dialogs, requests, message: page.locator('.harness-message') };
}

/** Shows a new message (its viewers start afresh). */
export const showMessage = (page: Page, text: string, streaming = false): Promise<void> =>
  page.evaluate(([t, s]) => window.renderHarness?.show(t, s), [text, streaming] as const);

/** Changes the message shown (more text, or the end of its stream). */
export const updateMessage = (page: Page, text: string, streaming: boolean): Promise<void> =>
  page.evaluate(([t, s]) => window.renderHarness?.update(t, s), [text, streaming] as const);

/** A fenced block of markdown. */
export const fence = (language: string, body: string): string => `\`\`\`${language}\n${body}\n\`\`\``;

/** Shows these sources under the message, as an answer shows the passages it was given. */
export const showSources = (page: Page, sources: ChatSource[]): Promise<void> =>
  page.evaluate((s) => window.renderHarness?.sources(s), sources);

/** Sets the page's theme as the app does (`<html data-theme>`). */
export const setTheme = (page: Page, theme: 'light' | 'dark'): Promise<void> =>
  page.evaluate((t) => {
    document.documentElement.dataset['theme'] = t;
  }, theme);
