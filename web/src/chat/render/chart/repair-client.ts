import { AvailableModelsResponse, availableModelsRoute, chatRoute } from '@app/contracts';
import { requestJson } from '../../../api/http';
import { SseDataReader, answerStep, jsonOfAnswer, repairRequest } from './repair-request';

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
 * Asks a model to repair a chart spec that is not valid JSON (second spec, section 4): a chat
 * request, its streamed answer chunks joined. Answers the JSON text the model wrote, or null when
 * there is no model, the call failed or the model's answer failed.
 */
export async function repairChartJson(broken: string, model: string | undefined, signal: AbortSignal) {
  const modelId = model ?? (await cheapestModel().catch(() => null));
  if (!modelId || signal.aborted) return null;
  let response: Response;
  try {
    response = await fetch(chatRoute, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(repairRequest(modelId, broken, newRequestId())),
      signal,
    });
  } catch {
    return null;
  }
  if (!response.ok || !response.body) return null;
  const reader = new SseDataReader();
  const decoder = new TextDecoder();
  let answer = '';
  const body = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await body.read();
      if (done) break;
      for (const data of reader.feed(decoder.decode(value, { stream: true }))) {
        const step = answerStep(data);
        if (step.kind === 'failed') return null;
        if (step.kind === 'text') answer += step.text;
      }
    }
  } catch {
    return null;
  } finally {
    body.cancel().catch(() => undefined);
  }
  return jsonOfAnswer(answer);
}
