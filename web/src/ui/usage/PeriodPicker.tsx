import { usageBounds } from '@app/contracts';
import { SelectField } from '../SelectField';
import { TextField } from '../TextField';
import { bucketOf, periodChoices, type Bucket, type PeriodChoice, type PeriodState } from './period';

const choiceIds = periodChoices.map(([id]) => id);
const choiceLabel = (id: PeriodChoice): string => periodChoices.find(([c]) => c === id)?.[1] ?? id;
const bucketLabel = (b: Bucket): string => (b === 'hour' ? 'Hours' : 'Days');

/** The days a choice covers, to say whether hourly buckets are allowed. */
const choiceDays = (state: PeriodState): number => {
  if (state.choice === '24h') return 1;
  if (state.choice !== 'custom') return Number(state.choice.slice(0, -1));
  const days = (Date.parse(state.customTo) - Date.parse(state.customFrom)) / 86_400_000 + 1;
  return Number.isNaN(days) ? 0 : days;
};

export interface PeriodPickerProps {
  value: PeriodState;
  onChange: (next: PeriodState) => void;
}

/** The period (24 hours, 7, 30 or 90 days, or custom days) and the chart's buckets (days or hours). */
export function PeriodPicker({ value, onChange: tell }: PeriodPickerProps) {
  // Days too many for hours: back to days.
  const onChange = (next: PeriodState) =>
    tell(choiceDays(next) > usageBounds.maxHourDays ? { ...next, bucket: 'day' } : next);
  const hoursAllowed = choiceDays(value) <= usageBounds.maxHourDays;
  const buckets: Bucket[] = hoursAllowed ? ['day', 'hour'] : ['day'];
  return (
    <div className="usage-period">
      <SelectField
        className="usage-field"
        label="Period"
        value={value.choice}
        options={choiceIds}
        optionLabel={choiceLabel}
        onChange={(choice) => onChange({ ...value, choice, bucket: bucketOf(choice) })}
      />
      {value.choice === 'custom' && (
        <>
          <TextField
            className="usage-field"
            label="From"
            type="date"
            value={value.customFrom}
            max={value.customTo || undefined}
            onChange={(customFrom) => onChange({ ...value, customFrom })}
          />
          <TextField
            className="usage-field"
            label="To"
            type="date"
            value={value.customTo}
            min={value.customFrom || undefined}
            onChange={(customTo) => onChange({ ...value, customTo })}
          />
        </>
      )}
      <SelectField
        className="usage-field"
        label="Buckets"
        value={value.bucket}
        options={buckets}
        optionLabel={bucketLabel}
        onChange={(bucket) => onChange({ ...value, bucket })}
      />
    </div>
  );
}
