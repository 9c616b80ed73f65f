/** The usage screens' shared pieces (the Admin Interface's Usage tab, a user's Usage dialog). */
export { PeriodPicker } from './PeriodPicker';
export { UsageChart } from './UsageChart';
export { UsageTable } from './UsageTable';
export { UsageReportState, UsageTotals } from './UsageStates';
export { useUsageReport, type UsageReport } from './use-usage-report';
export { initialPeriod, resolvePeriod, type PeriodState, type ResolvedPeriod } from './period';
export { groupingLabel, tableGroupings, type TableGrouping } from './usage-columns';
export { useCsvExport } from './use-csv-export';
import './usage.css';
