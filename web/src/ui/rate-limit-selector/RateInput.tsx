import type { KeyboardEvent } from 'react';
import { appendDigit, dropDigit, formatRate, maxRateDigits, rateFromInput } from './rate-input';

export interface RateInputProps {
  id: string;
  rate: number;
  /**
   * Changes the rate through an update of the current one: keys typed faster than the owner
   * re-renders (a grid cell refreshes later) still add up.
   */
  onChange: (update: (current: number) => number) => void;
}

const selectsAll = (input: HTMLInputElement) =>
  input.selectionStart === 0 && input.selectionEnd === input.value.length && input.value.length > 0;

/**
 * The rate typed as digits only, at most 8, shown as dollars and cents. Digits go in at the end like
 * a till (1, 2, 3, 4 shows $12.34) and Backspace takes the last one off; a paste is read as digits.
 */
export function RateInput({ id, rate, onChange }: RateInputProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const whole = selectsAll(event.currentTarget);
    if (/^\d$/.test(event.key)) {
      event.preventDefault();
      const digit = event.key;
      onChange((current) => appendDigit(whole ? 0 : current, digit) ?? current);
    } else if (event.key === 'Backspace' || event.key === 'Delete') {
      event.preventDefault();
      onChange((current) => (whole ? 0 : dropDigit(current)));
    } else if (event.key.length === 1) {
      event.preventDefault(); // digits only
    }
  };

  return (
    <input
      id={id}
      className="input rate-limit-input"
      type="text"
      inputMode="numeric"
      autoComplete="off"
      title={`Digits only, at most ${maxRateDigits}: typing 1234 gives $12.34`}
      value={formatRate(rate)}
      onKeyDown={onKeyDown}
      onChange={(e) => {
        const next = rateFromInput(e.target.value);
        if (next !== null) onChange(() => next);
      }}
    />
  );
}
