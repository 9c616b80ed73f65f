import { UsageResponse, usageRoutes } from '@app/contracts';
import { ApiError, relayTexts, requestJson } from './http';

/** Whose usage: everyone's (admins, `GET /api/admin/usage`) or the caller's own (`GET /api/usage`). */
export type UsageScope = 'admin' | 'own';

/** A report's query: the period, the grouping, and the admin's filters. */
export interface UsageParams {
  from: string;
  to: string;
  by: string;
  group?: string;
  model?: string;
}

const pathOf = (scope: UsageScope, params: UsageParams, format?: 'csv'): string => {
  const query = new URLSearchParams({ from: params.from, to: params.to, by: params.by });
  if (params.group) query.set('group', params.group);
  if (params.model) query.set('model', params.model);
  if (format) query.set('format', format);
  return `${scope === 'admin' ? usageRoutes.admin : usageRoutes.own}?${query.toString()}`;
};

/** The report as JSON: its rows and totals. */
export async function fetchUsage(scope: UsageScope, params: UsageParams, signal?: AbortSignal) {
  return (await requestJson('getUsage', pathOf(scope, params), UsageResponse, signal ? { signal } : {})).body;
}

const serverMessage = (text: string): string | null => {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
      ? body.message
      : null;
  } catch {
    return null;
  }
};

/** The same report as the API's CSV (`format=csv`): its text. */
export async function fetchUsageCsv(scope: UsageScope, params: UsageParams): Promise<string> {
  const call = 'exportUsage';
  let response: Response;
  try {
    response = await fetch(pathOf(scope, params, 'csv'), {
      credentials: 'same-origin',
      headers: { accept: 'text/csv' },
    });
  } catch {
    throw new ApiError(relayTexts.network(call), 'network');
  }
  const text = await response.text();
  if (response.ok) return text;
  throw new ApiError(
    relayTexts.status(call, response.statusText || String(response.status)),
    'status',
    response.status,
    serverMessage(text),
  );
}
