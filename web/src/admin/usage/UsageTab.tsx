import { useMemo, useState } from 'react';
import { usageScreenMessages } from '@app/contracts';
import type { UsageParams } from '../../api/usage';
import { SelectField } from '../../ui/SelectField';
import {
  groupingLabel,
  initialPeriod,
  PeriodPicker,
  resolvePeriod,
  tableGroupings,
  UsageChart,
  UsageReportState,
  UsageTable,
  UsageTotals,
  useCsvExport,
  useUsageReport,
  type PeriodState,
  type TableGrouping,
} from '../../ui/usage';
import { UsageFilters, type UsageFilterValues } from './UsageFilters';

const groupingIds = tableGroupings.map(([id]) => id);

/**
 * The Usage tab: everyone's requests, tokens and cost in a period (filtered by Amplify group and
 * model): the totals, a chart over time, and a table by user, group, model, account or API key
 * with its CSV (the API's own). Read from the usage reports (`GET /api/admin/usage`).
 */
export default function UsageTab() {
  const [period, setPeriod] = useState<PeriodState>(() => initialPeriod(new Date()));
  const [filters, setFilters] = useState<UsageFilterValues>({ group: '', model: '' });
  const [by, setBy] = useState<TableGrouping>('user');
  // Refresh asks again, at a new 'now'.
  const [asked, setAsked] = useState(() => ({ at: new Date(), count: 0 }));
  const refresh = asked.count;
  const resolved = useMemo(() => resolvePeriod(period, asked.at), [period, asked]);
  const params = (grouping: string): UsageParams | null =>
    typeof resolved === 'string'
      ? null
      : {
          from: resolved.from,
          to: resolved.to,
          by: grouping,
          ...(filters.group ? { group: filters.group } : {}),
          ...(filters.model ? { model: filters.model } : {}),
        };
  const overTime = useUsageReport(
    'admin',
    params(typeof resolved === 'string' ? 'day' : resolved.bucket),
    refresh,
  );
  const tableParams = params(by);
  const table = useUsageReport('admin', tableParams, refresh);
  const csv = useCsvExport('admin');

  return (
    <div className="usage-view">
      <div className="usage-controls">
        <PeriodPicker value={period} onChange={setPeriod} />
        <UsageFilters value={filters} onChange={setFilters} />
        <button
          type="button"
          className="btn"
          onClick={() => setAsked((a) => ({ at: new Date(), count: a.count + 1 }))}
        >
          Refresh
        </button>
      </div>
      {typeof resolved === 'string' ? (
        <p role="alert" className="usage-error">
          {resolved}
        </p>
      ) : (
        <>
          <UsageReportState report={overTime} />
          {overTime.status === 'ready' && overTime.data.rows.length > 0 && (
            <>
              <UsageTotals totals={overTime.data.totals} label="Totals" />
              <UsageChart rows={overTime.data.rows} period={resolved} />
              <section className="usage-table-section" aria-label={`Usage by ${groupingLabel(by)}`}>
                <div className="usage-table-head">
                  <SelectField
                    className="usage-field"
                    label="Table by"
                    value={by}
                    options={groupingIds}
                    optionLabel={groupingLabel}
                    onChange={setBy}
                  />
                  <button
                    type="button"
                    className="btn"
                    disabled={csv.busy || table.status !== 'ready' || !tableParams}
                    onClick={() => tableParams && void csv.run(tableParams)}
                  >
                    Export CSV
                  </button>
                </div>
                {csv.error && (
                  <p role="alert" className="usage-error">
                    {csv.error}
                  </p>
                )}
                <UsageReportState report={table} />
                {table.status === 'ready' && table.data.rows.length > 0 && (
                  <UsageTable rows={table.data.rows} by={by} />
                )}
              </section>
            </>
          )}
        </>
      )}
      <p className="muted usage-note">{usageScreenMessages.utcNote}</p>
    </div>
  );
}
