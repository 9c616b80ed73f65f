import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { FormField, splitFieldProps, type FieldFrameProps } from './FormField';

type OwnKeys = keyof FieldFrameProps | 'value' | 'onChange' | 'className' | 'children';

interface TextValue {
  value: string;
  /** Called with the control's new text. */
  onChange: (value: string) => void;
  /** The control's class; `input` unless told. */
  controlClassName?: string;
}

export type TextFieldProps = FieldFrameProps &
  TextValue &
  Omit<InputHTMLAttributes<HTMLInputElement>, OwnKeys>;

export type TextAreaFieldProps = FieldFrameProps &
  TextValue &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, OwnKeys>;

/** A FormField around a text input (any `type` that edits a string). */
export function TextField({ value, onChange, controlClassName = 'input', ...props }: TextFieldProps) {
  const { frame, rest } = splitFieldProps(props);
  return (
    <FormField {...frame}>
      {(control) => (
        <input
          {...control}
          {...rest}
          className={controlClassName}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FormField>
  );
}

/** A FormField around a textarea. */
export function TextAreaField({ value, onChange, controlClassName = 'input', ...props }: TextAreaFieldProps) {
  const { frame, rest } = splitFieldProps(props);
  return (
    <FormField {...frame}>
      {(control) => (
        <textarea
          {...control}
          {...rest}
          className={controlClassName}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FormField>
  );
}
