import { AdminHistoryResponse } from '@app/contracts';
import { ApiError, relayTexts, requestJson } from '../../api/http';
import { historyUrl, type HistoryFilter } from './history-filter';

/** One page of GET /api/admin/history for the filters (after `cursor`, when given). */
export async function fetchHistoryPage(
  filter: HistoryFilter,
  cursor: string | undefined,
  signal: AbortSignal,
): Promise<AdminHistoryResponse> {
  const url = historyUrl(filter, cursor ? { cursor } : {});
  return (await requestJson('getAdminHistory', url, AdminHistoryResponse, { signal })).body;
}

/** The most pages one export reads (500 rows each). */
const exportPages = 40;

/** Every row for the filters as one CSV (its pages joined, one header), up to `exportPages` pages. */
export async function fetchHistoryCsv(filter: HistoryFilter): Promise<string> {
  let text = '';
  let cursor: string | undefined;
  for (let page = 0; page < exportPages; page += 1) {
    const url = `${historyUrl(filter, cursor ? { cursor, csv: true } : { csv: true })}&limit=500`;
    const response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'text/csv' } });
    if (!response.ok)
      throw new ApiError(
        relayTexts.status('getAdminHistory', response.statusText),
        'status',
        response.status,
      );
    const csv = await response.text();
    text += page === 0 ? csv : csv.slice(csv.indexOf('\r\n') + 2);
    cursor = response.headers.get('x-next-cursor') ?? '';
    if (!cursor) break;
  }
  return text;
}
