import { useEffect, useState } from 'react';
import type { UsageResponse } from '@app/contracts';
import { fetchUsage, type UsageParams, type UsageScope } from '../../api/usage';
import { errorText } from '../../api/http';

export type UsageReport =
  { status: 'loading' } | { status: 'ready'; data: UsageResponse } | { status: 'failed'; message: string };

const loading: UsageReport = { status: 'loading' };

/**
 * The report for `params` (null: nothing to ask, e.g. an unfinished custom period), asked again when
 * they change or `refresh` changes; until the answer to the current question is in, it is loading
 * (an answer overtaken by a newer question is dropped).
 */
export function useUsageReport(scope: UsageScope, params: UsageParams | null, refresh: number): UsageReport {
  const [answer, setAnswer] = useState<{ key: string; report: UsageReport } | null>(null);
  const key = params ? JSON.stringify([scope, params, refresh]) : null;
  useEffect(() => {
    if (!key) return;
    const [askedScope, asked] = JSON.parse(key) as [UsageScope, UsageParams];
    const controller = new AbortController();
    fetchUsage(askedScope, asked, controller.signal).then(
      (data) => setAnswer({ key, report: { status: 'ready', data } }),
      (e: unknown) => {
        if (!controller.signal.aborted)
          setAnswer({ key, report: { status: 'failed', message: errorText(e) } });
      },
    );
    return () => controller.abort();
  }, [key]);
  return answer && answer.key === key ? answer.report : loading;
}
