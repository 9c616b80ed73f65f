import { useState } from 'react';
import { TextField } from '../../../ui/TextField';
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
  // A new value from outside (reload, another admin): the field follows it.
  if (cost !== shown) {
    setShown(cost);
    if (parseCost(text) !== cost) setText(String(cost));
  }
  const invalid = parseCost(text) === null;

  return (
    <TextField
      label="Cost threshold ($)"
      className="field"
      controlClassName="input cost-input"
      type="number"
      inputMode="decimal"
      min={0}
      step={0.01}
      value={text}
      error={invalid ? uiText.costInvalid : null}
      onChange={(next) => {
        setText(next);
        const parsed = parseCost(next);
        if (parsed !== null) {
          setShown(parsed);
          onChange(parsed);
        }
      }}
    />
  );
}
