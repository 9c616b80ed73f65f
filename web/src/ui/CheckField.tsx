import type { InputHTMLAttributes } from 'react';
import { FormField, splitFieldProps, type FieldFrameProps } from './FormField';

export type CheckFieldProps = Omit<FieldFrameProps, 'layout'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, keyof FieldFrameProps | 'type' | 'checked' | 'onChange'> & {
    checked: boolean;
    /** Called with the box's new state. */
    onChange: (checked: boolean) => void;
    /** Says the box is a switch (`role="switch"`). */
    isSwitch?: boolean;
    /** A radio button instead of a checkbox. */
    type?: 'checkbox' | 'radio';
  };

/** A FormField around a checkbox or a radio button: the label wraps the control and then its text. */
export function CheckField({
  checked,
  onChange,
  isSwitch = false,
  type = 'checkbox',
  ...props
}: CheckFieldProps) {
  const { frame, rest } = splitFieldProps(props);
  return (
    <FormField {...frame} layout="check">
      {(control) => (
        <input
          {...control}
          {...rest}
          type={type}
          role={isSwitch ? 'switch' : undefined}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
        />
      )}
    </FormField>
  );
}
