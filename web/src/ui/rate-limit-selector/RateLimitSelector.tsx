import { rateLimitPeriods, RateLimitPeriod, type RateLimit } from '@app/contracts';
import { FormField } from '../FormField';
import { periodUnit, withPeriod, withRate } from './rate-input';
import { RateInput } from './RateInput';
import './rate-limit-selector.css';

export type RateLimitUpdate = (current: RateLimit) => RateLimit;

export interface RateLimitSelectorProps {
  /** What is limited, e.g. 'Chat rate limit': names the group of fields. */
  label: string;
  /** Show the label above the fields (a card) or keep it for assistive technology only (a table). */
  showLabel?: boolean;
  /** One line, the field labels for assistive technology only (a table cell). */
  compact?: boolean;
  value: RateLimit;
  /**
   * Applies a change to the current limit. An update rather than a value: keys typed faster than
   * the owner re-renders (a grid cell refreshes later) still add up. Owners apply it to what they
   * hold now, e.g. `onChange={(update) => edit((limit) => update(limit))}`.
   */
  onChange: (update: RateLimitUpdate) => void;
  disabled?: boolean;
}

/**
 * The rate-limit selector: a period, and for a limited period a rate typed as
 * digits only (at most 8) and shown as dollars and cents: typing 1234 shows $12.34.
 */
export function RateLimitSelector({
  label,
  showLabel = true,
  compact = false,
  value,
  onChange,
  disabled,
}: RateLimitSelectorProps) {
  const limited = value.period !== 'Unlimited';

  return (
    <fieldset
      className={compact ? 'rate-limit-selector is-compact' : 'rate-limit-selector'}
      disabled={disabled}
    >
      <legend className={showLabel ? 'field-label' : 'visually-hidden'}>{label}</legend>
      <div className="rate-limit-fields">
        <FormField
          label="Period"
          className="rate-limit-field"
          labelClassName="rate-limit-label"
          hideLabel={compact}
        >
          {(field) => (
            <select
              {...field}
              className="input rate-limit-period"
              value={value.period}
              onChange={(e) => {
                const period = RateLimitPeriod.safeParse(e.target.value);
                if (period.success) onChange((current) => withPeriod(current, period.data));
              }}
            >
              {rateLimitPeriods.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {limited && (
          <FormField
            label="Rate"
            className="rate-limit-field"
            labelClassName="rate-limit-label"
            hideLabel={compact}
          >
            {(field) => (
              <div className="rate-limit-rate">
                <RateInput
                  id={field.id}
                  rate={value.rate ?? 0}
                  onChange={(update) => onChange((current) => withRate(current, update))}
                />
                <span className="rate-limit-unit">{periodUnit(value.period)}</span>
              </div>
            )}
          </FormField>
        )}
      </div>
    </fieldset>
  );
}
