import { defaultModel, unsetDefaultModels, type DefaultModelsSection, type Model } from '@app/contracts';

/** The chat model tests and the bench configure: OpenAI-compatible, cheap, served by a local model server. */
export const testChatModelId = 'test-chat-model';
export const testEmbeddingsModelId = 'text-embedding-3-small';
const embeddingsModelId = testEmbeddingsModelId;

export const testChatModel = (m: Partial<Model> = {}): Model => ({
  ...defaultModel(),
  id: testChatModelId,
  name: 'Test Chat Model',
  provider: 'vLLM',
  inputContextWindow: 128_000,
  outputTokenLimit: 4096,
  inputTokenCost: 0.0005,
  outputTokenCost: 0.0015,
  isAvailable: true,
  ...m,
});

/**
 * The `configurations` of one POST /amplifymin/configs/update that makes `models` (by default the
 * test chat model) usable in chat: the models with an embeddings model (the defaults need one), the
 * default models, and each chat model's endpoint `chatUrl` with `key`; with `embeddingsUrls`, the
 * embeddings model's endpoints too (in order).
 */
export const chatModelConfigurations = (
  chatUrl: string,
  options: { models?: Model[]; key?: string; embeddingsUrls?: readonly string[] } = {},
): { type: string; data: unknown }[] => {
  const models = options.models ?? [testChatModel()];
  const first = models[0]?.id ?? testChatModelId;
  const embeddings: Model = {
    ...defaultModel(),
    id: embeddingsModelId,
    name: 'Embeddings',
    provider: 'OpenAI',
    inputContextWindow: 8000,
    isAvailable: false,
  };
  const defaults: DefaultModelsSection = {
    ...unsetDefaultModels(),
    user: first,
    advanced: first,
    cheapest: first,
    embeddings: embeddingsModelId,
  };
  return [
    { type: 'supportedModels', data: Object.fromEntries([...models, embeddings].map((m) => [m.id, m])) },
    { type: 'defaultModels', data: defaults },
    {
      type: 'openaiEndpoints',
      data: {
        models: [
          ...models.map((m) => ({
            [m.id]: { endpoints: [{ url: chatUrl, key: options.key ?? 'test-model-key' }] },
          })),
          ...(options.embeddingsUrls?.length
            ? [
                {
                  [embeddingsModelId]: {
                    endpoints: options.embeddingsUrls.map((url) => ({
                      url,
                      key: options.key ?? 'test-model-key',
                    })),
                  },
                },
              ]
            : []),
        ],
      },
    },
  ];
};
