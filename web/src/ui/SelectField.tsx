import type { ReactNode, SelectHTMLAttributes } from 'react';
import { FormField, splitFieldProps, type FieldFrameProps } from './FormField';

export type SelectFieldProps<T extends string> = FieldFrameProps &
  Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    keyof FieldFrameProps | 'value' | 'onChange' | 'className' | 'children'
  > & {
    value: T | '';
    /** Called with the chosen option's value. */
    onChange: (value: T) => void;
    options: readonly T[];
    /** What an option says; its value unless told. */
    optionLabel?: (option: T) => ReactNode;
    /** A first option with the empty value (e.g. "Select a provider"). */
    emptyOption?: ReactNode;
    /** The control's class; `input` unless told. */
    controlClassName?: string;
  };

/** A FormField around a select of string options. */
export function SelectField<T extends string>({
  value,
  onChange,
  options,
  optionLabel = (option) => option,
  emptyOption,
  controlClassName = 'input',
  ...props
}: SelectFieldProps<T>) {
  const { frame, rest } = splitFieldProps(props);
  return (
    <FormField {...frame}>
      {(control) => (
        <select
          {...control}
          {...rest}
          className={controlClassName}
          value={value}
          onChange={(e) => onChange(e.target.value as T)}
        >
          {emptyOption !== undefined && <option value="">{emptyOption}</option>}
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
