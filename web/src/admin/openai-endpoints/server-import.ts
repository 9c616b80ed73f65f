import {
  adminMessages,
  defaultModel,
  maxEndpointKeyLength,
  modelRequiredFieldsMissing,
  normaliseModel,
  type Model,
  type ServerModel,
  type SupportedModelsSection,
} from '@app/contracts';
import { modelNameProblem, type ModelView } from './endpoint-edits';

/** One model the server listed, as the admin ticks and fills it in (numbers as typed). */
export interface ServerModelRow {
  id: string;
  picked: boolean;
  inputContextWindow: string;
  outputTokenLimit: string;
  inputTokenCost: string;
  outputTokenCost: string;
}

/** The rows of a listing: nothing ticked; the context window the server gave, else empty. */
export const rowsOf = (models: readonly ServerModel[]): ServerModelRow[] =>
  models.map((m) => ({
    id: m.id,
    picked: false,
    inputContextWindow: m.contextWindow === undefined ? '' : String(m.contextWindow),
    outputTokenLimit: '',
    inputTokenCost: '',
    outputTokenCost: '',
  }));

const numberOf = (typed: string): number => {
  const n = Number(typed.trim() === '' ? '0' : typed);
  return Number.isFinite(n) && n >= 0 ? n : NaN;
};

/** The Supported Models entry of a ticked row: OpenAI-compatible, available, its window, limit and prices. */
export const modelOfRow = (row: ServerModelRow): Model =>
  normaliseModel({
    ...defaultModel(),
    id: row.id,
    name: row.id,
    provider: 'OpenAI-compatible',
    isAvailable: true,
    supportsSystemPrompts: true,
    inputContextWindow: Math.trunc(numberOf(row.inputContextWindow)),
    outputTokenLimit: Math.trunc(numberOf(row.outputTokenLimit)),
    inputTokenCost: numberOf(row.inputTokenCost),
    outputTokenCost: numberOf(row.outputTokenCost),
  });

export type ImportResult =
  | { ok: true; endpoints: ModelView[]; supported: SupportedModelsSection; added: string[] }
  | { ok: false; message: string };

const badNumbers = (m: Model): boolean =>
  [m.inputContextWindow, m.outputTokenLimit, m.inputTokenCost, m.outputTokenCost].some(Number.isNaN);

/**
 * The ticked models added to both tabs, for one Save Changes: each in Supported Models (unless it is
 * listed there already: that entry is kept) and in OpenAi Endpoints with a new endpoint at the
 * server's chat url and key (tested on save; added to the model's entry when it has one). An
 * available model needs its window and limit (the form's rule and message); a name follows the tab's
 * rules.
 */
export const importServerModels = (
  endpoints: readonly ModelView[],
  supported: SupportedModelsSection,
  server: { chatUrl: string; key: string },
  rows: readonly ServerModelRow[],
): ImportResult => {
  const picked = rows.filter((r) => r.picked);
  let nextEndpoints = [...endpoints];
  const nextSupported: SupportedModelsSection = { ...supported };
  const endpoint = { url: server.chatUrl, key: server.key.slice(0, maxEndpointKeyLength), isNew: true };
  for (const row of picked) {
    const model = modelOfRow(row);
    if (supported[model.id] === undefined) {
      if (badNumbers(model) || modelRequiredFieldsMissing(model))
        return { ok: false, message: adminMessages.modelRequiredFields };
      nextSupported[model.id] = model;
    }
    const at = nextEndpoints.findIndex((m) => m.name.trim() === model.id);
    if (at === -1) {
      nextEndpoints = [...nextEndpoints, { name: model.id, endpoints: [endpoint] }];
      const problem = modelNameProblem(nextEndpoints, nextEndpoints.length - 1);
      if (problem) return { ok: false, message: problem };
    } else if (!nextEndpoints[at]?.endpoints.some((e) => e.url === server.chatUrl)) {
      nextEndpoints = nextEndpoints.map((m, i) =>
        i === at ? { ...m, endpoints: [...m.endpoints, endpoint] } : m,
      );
    }
  }
  return { ok: true, endpoints: nextEndpoints, supported: nextSupported, added: picked.map((r) => r.id) };
};
