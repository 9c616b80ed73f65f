import { useId, useState } from 'react';
import { uiText } from '../../../ui/strings';
import { parseCost } from './cost-alert';

export interface CostInputProps {
  cost: number;
  onChange: (cost: number) => void;
}

/** The cost threshold in dollars: minimum 0, step 0.01; what cannot be a cost is said at once. */
export function CostInput({ cost, onChange }: CostInputProps) {
  const [text, setText] = useState(() => String(cost));
  const [shown, setShown] = useState(cost);
  const inputId = useId();
  const errorId = useId();
  // A new value from outside (reload, another admin): the field follows it.
  if (cost !== shown) {
    setShown(cost);
    if (parseCost(text) !== cost) setText(String(cost));
  }
  const invalid = parseCost(text) === null;

  return (
    <div className="field">
      <label htmlFor={inputId} className="field-label">
        Cost threshold ($)
      </label>
      <input
        id={inputId}
        className="input cost-input"
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        value={text}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(e) => {
          setText(e.target.value);
          const next = parseCost(e.target.value);
          if (next !== null) {
            setShown(next);
            onChange(next);
          }
        }}
      />
      {invalid && (
        <p id={errorId} role="alert" className="form-error">
          {uiText.costInvalid}
        </p>
      )}
    </div>
  );
}
