import type { BrowserContext } from 'playwright-core';
import { routes, type Model } from '@app/contracts';
import { chatModelConfigurations, startModelServer, type ModelServer } from '@app/platform/testing';

/** The words of the test model's answers: `count` numbered words, so a partial answer is a prefix. */
export const numberedTokens = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => (i === 0 ? 'w0' : ` w${i}`));

export { startModelServer, type ModelServer };

/**
 * Makes `models` usable in chat, their endpoint the local model server, through the admin's save
 * (the admin's browser context carries the session; a state-changing call names its origin).
 */
export async function configureChatModels(
  admin: BrowserContext,
  baseUrl: string,
  server: ModelServer,
  models: Model[],
): Promise<void> {
  const answer = await admin.request.post(`${baseUrl}${routes.configsUpdate}`, {
    headers: { origin: baseUrl },
    data: { configurations: chatModelConfigurations(server.chatUrl, { models }) },
  });
  if (answer.status() !== 200)
    throw new Error(`configuring the chat models answered ${answer.status()}: ${await answer.text()}`);
}
