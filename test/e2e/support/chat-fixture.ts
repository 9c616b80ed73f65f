import type { Browser } from 'playwright-core';
import type { Model } from '@app/contracts';
import { launchBrowser, signIn, type SignedIn } from './browser';
import { configureChatModels, startModelServer, type ModelServer } from './chat-platform';
import { startTestPlatform, type TestPlatform, type TestPlatformOptions } from './platform';

/** A platform with its admin, a local model server, a browser, and the admin's and a user's sessions. */
export interface ChatFixture {
  platform: TestPlatform;
  models: ModelServer;
  browser: Browser;
  adminSession: SignedIn;
  u: SignedIn;
  /** Closes all of it (what was started), in the reverse order. */
  close(): Promise<void>;
}

export interface ChatFixtureOptions {
  admin: string;
  user: string;
  /** The models made usable in chat before the user signs in; none: the admin configures nothing. */
  chatModels?: Model[];
  /** Runs as the admin, after the models and before the user signs in (e.g. more configuration). */
  prepare?: (fixture: Omit<ChatFixture, 'u' | 'close'>) => Promise<void>;
  /** The platform's options (e.g. `mcpAllow` for a test's local MCP server). */
  platform?: TestPlatformOptions;
}

/** Starts what a browser test of the chat screen stands on. */
export async function startChatFixture(options: ChatFixtureOptions): Promise<ChatFixture> {
  const started: { close(): Promise<unknown> }[] = [];
  const close = async () => {
    for (const s of started.reverse()) await s.close().catch(() => undefined);
  };
  try {
    const platform = await startTestPlatform([options.admin], options.platform);
    started.push(platform);
    const models = await startModelServer();
    started.push(models);
    const browser = await launchBrowser();
    started.push(browser);
    const adminSession = await signIn(browser, platform.url, options.admin);
    started.push(adminSession.context);
    if (options.chatModels?.length)
      await configureChatModels(adminSession.context, platform.url, models, options.chatModels);
    await options.prepare?.({ platform, models, browser, adminSession });
    const u = await signIn(browser, platform.url, options.user);
    started.push(u.context);
    return { platform, models, browser, adminSession, u, close };
  } catch (e) {
    await close();
    throw e;
  }
}
