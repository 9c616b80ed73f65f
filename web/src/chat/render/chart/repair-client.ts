import { AvailableModelsResponse, availableModelsRoute } from '@app/contracts';
import { requestJson } from '../../../api/http';
import { askForAnswer } from '../../../api/chat-answer';
import { jsonOfAnswer, repairRequest } from './repair-request';

let repairModel: Promise<string | null> | null = null;

/** The model that repairs JSON: the cheapest one open to the user, else the default, else the first. */
const cheapestModel = (): Promise<string | null> => {
  repairModel ??= requestJson('Get available models', availableModelsRoute, AvailableModelsResponse).then(
    ({ body: { data } }) => (data.cheapest ?? data.default ?? data.models[0] ?? null)?.id ?? null,
  );
  repairModel.catch(() => {
    repairModel = null;
  });
  return repairModel;
};

const newRequestId = (): string => `chart-repair-${crypto.randomUUID()}`;

/**
 * Asks a model to repair a chart spec that is not valid JSON: a chat
 * request, its streamed answer chunks joined. Answers the JSON text the model wrote, or null when
 * there is no model, the call failed or the model's answer failed.
 */
export async function repairChartJson(broken: string, model: string | undefined, signal: AbortSignal) {
  const modelId = model ?? (await cheapestModel().catch(() => null));
  if (!modelId || signal.aborted) return null;
  try {
    const answer = await askForAnswer(repairRequest(modelId, broken, newRequestId()), signal);
    return answer.ok ? jsonOfAnswer(answer.text) : null;
  } catch {
    return null;
  }
}
