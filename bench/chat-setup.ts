import { routes } from '@app/contracts';
import { chatModelConfigurations, testChatModelId } from '@app/platform/testing';

export const benchModelId = testChatModelId;

/**
 * BENCH_CHAT_STORAGE=future-cloud: conversations stored in the cloud (each request's text sealed under
 * its conversation's data key, and kept by the conversations projection); default future-local.
 */
export const benchChatStorage =
  process.env['BENCH_CHAT_STORAGE'] === 'future-cloud' ? 'future-cloud' : 'future-local';

/** Makes the test chat model usable, its endpoint the local model server, through the admin's save. */
export const configureBenchModel = async (url: string, cookie: string, chatUrl: string): Promise<void> => {
  const res = await fetch(`${url}${routes.configsUpdate}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: url },
    body: JSON.stringify({
      configurations: [
        ...chatModelConfigurations(chatUrl, { key: 'bench-key' }),
        { type: 'defaultConversationStorage', data: benchChatStorage },
      ],
    }),
  });
  if (res.status !== 200)
    throw new Error(`configuring the bench model answered ${res.status}: ${await res.text()}`);
};
