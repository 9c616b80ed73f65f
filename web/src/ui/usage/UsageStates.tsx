import type { UsageFigures } from '@app/contracts';
import { usageScreenMessages } from '@app/contracts';
import { formatUsageCost, formatUsageCount } from './usage-format';
import type { UsageReport } from './use-usage-report';

/** Loading, failed or empty: what the report says instead of its figures; null when it has rows. */
export function UsageReportState({ report }: { report: UsageReport }) {
  if (report.status === 'loading')
    return (
      <p role="status" className="muted usage-state">
        {usageScreenMessages.loading}
      </p>
    );
  if (report.status === 'failed')
    return (
      <p role="alert" className="usage-error">
        {usageScreenMessages.loadFailed(report.message)}
      </p>
    );
  if (report.data.rows.length === 0)
    return (
      <p role="status" className="muted usage-state">
        {usageScreenMessages.empty}
      </p>
    );
  return null;
}

/** The period's totals: requests, tokens in and out, cost. */
export function UsageTotals({ totals, label }: { totals: UsageFigures; label: string }) {
  const items: [string, string][] = [
    ['Requests', formatUsageCount(totals.requests)],
    ['Input tokens', formatUsageCount(totals.inputTokens)],
    ['Output tokens', formatUsageCount(totals.outputTokens)],
    ['Cost', formatUsageCost(totals.cost)],
  ];
  return (
    <section className="usage-totals" aria-label={label}>
      {items.map(([name, value]) => (
        <div key={name} className="usage-total">
          <span className="usage-total-name">{name}</span>
          <span className="usage-total-value">{value}</span>
        </div>
      ))}
    </section>
  );
}
