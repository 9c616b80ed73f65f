import { useId } from 'react';
import { CheckField } from '../../ui/CheckField';
import { disabledMessageOf, effectiveChoice, type GroupChoiceOption } from './group-choice';

export interface GroupChoiceListProps {
  legend: string;
  options: readonly GroupChoiceOption[];
  chosen: string | null;
  onChoose: (id: string) => void;
}

/** One radio per group; a disabled group says why under its name. */
export function GroupChoiceList({ legend, options, chosen, onChoose }: GroupChoiceListProps) {
  const name = useId();
  const shown = effectiveChoice(options, chosen);
  return (
    <fieldset className="group-choice">
      <legend className="field-label">{legend}</legend>
      {options.map((option) => {
        const message = disabledMessageOf(option);
        return (
          <div key={option.id} className="group-choice-option" data-disabled={message !== null}>
            <CheckField
              label={option.label}
              hint={message}
              type="radio"
              name={name}
              value={option.id}
              checked={shown === option.id}
              disabled={message !== null}
              onChange={() => onChoose(option.id)}
            />
          </div>
        );
      })}
    </fieldset>
  );
}
