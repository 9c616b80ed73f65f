import { useMemo, useState } from 'react';
import { usageScreenMessages } from '@app/contracts';
import type { UsageParams } from '../../api/usage';
import { CloseActions } from '../../ui/DialogActions';
import { Modal } from '../../ui/Modal';
import {
  initialPeriod,
  PeriodPicker,
  resolvePeriod,
  UsageChart,
  UsageReportState,
  UsageTable,
  UsageTotals,
  useUsageReport,
  type PeriodState,
} from '../../ui/usage';

/**
 * A user's own usage (`GET /api/usage`): the period's totals, a chart over time and a table by model.
 * Nobody else's requests are in it: the route answers the caller's only.
 */
export default function UsageDialog({ onClose }: { onClose: () => void }) {
  const [period, setPeriod] = useState<PeriodState>(() => initialPeriod(new Date()));
  const resolved = useMemo(() => resolvePeriod(period, new Date()), [period]);
  const params = (by: string): UsageParams | null =>
    typeof resolved === 'string' ? null : { from: resolved.from, to: resolved.to, by };
  const overTime = useUsageReport('own', params(typeof resolved === 'string' ? 'day' : resolved.bucket), 0);
  const byModel = useUsageReport('own', params('model'), 0);

  return (
    <Modal label={usageScreenMessages.dialogTitle} onDismiss={onClose} className="usage-dialog">
      <h2 className="modal-title">{usageScreenMessages.dialogTitle}</h2>
      <div className="usage-view">
        <div className="usage-controls">
          <PeriodPicker value={period} onChange={setPeriod} />
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
                <section className="usage-table-section" aria-label="Usage by Model">
                  <UsageReportState report={byModel} />
                  {byModel.status === 'ready' && byModel.data.rows.length > 0 && (
                    <UsageTable rows={byModel.data.rows} by="model" />
                  )}
                </section>
              </>
            )}
          </>
        )}
        <p className="muted usage-note">{usageScreenMessages.utcNote}</p>
      </div>
      <CloseActions onClose={onClose} />
    </Modal>
  );
}
