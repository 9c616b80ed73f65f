import { useState } from 'react';
import { usageScreenMessages } from '@app/contracts';
import { errorText } from '../../api/http';
import { fetchUsageCsv, type UsageParams, type UsageScope } from '../../api/usage';
import { downloadText } from '../download';

/** The file's name: what it groups by and its period. */
export const csvFileName = (params: UsageParams): string =>
  `usage-by-${params.by}-${params.from.slice(0, 10)}-to-${params.to.slice(0, 10)}.csv`;

/** Export CSV: the API's CSV of the same query the table shows, saved as a file; its failure said. */
export function useCsvExport(scope: UsageScope) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (params: UsageParams) => {
    setBusy(true);
    setError(null);
    try {
      downloadText(await fetchUsageCsv(scope, params), csvFileName(params), 'text/csv');
    } catch (e) {
      setError(usageScreenMessages.exportFailed(errorText(e)));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
