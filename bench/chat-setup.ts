import { routes } from '@app/contracts';
import { chatModelConfigurations, testChatModelId } from '@app/platform/testing';

export const benchModelId = testChatModelId;

/** Makes the test chat model usable, its endpoint the local model server, through the admin's save. */
export const configureBenchModel = async (url: string, cookie: string, chatUrl: string): Promise<void> => {
  const res = await fetch(`${url}${routes.configsUpdate}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: url },
    body: JSON.stringify({ configurations: chatModelConfigurations(chatUrl, { key: 'bench-key' }) }),
  });
  if (res.status !== 200)
    throw new Error(`configuring the bench model answered ${res.status}: ${await res.text()}`);
};
