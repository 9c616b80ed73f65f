import type { ChangeEvent, InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
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

/** The control's class, value and change handler, handing back the new text. */
const textControl = ({ value, onChange, controlClassName = 'input' }: TextValue) => ({
  className: controlClassName,
  value,
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.target.value),
});

/** A FormField around a text input (any `type` that edits a string). */
export function TextField({ value, onChange, controlClassName, ...props }: TextFieldProps) {
  const { frame, rest } = splitFieldProps(props);
  const own = textControl({ value, onChange, controlClassName });
  return <FormField {...frame}>{(control) => <input {...control} {...rest} {...own} />}</FormField>;
}

/** A FormField around a textarea. */
export function TextAreaField({ value, onChange, controlClassName, ...props }: TextAreaFieldProps) {
  const { frame, rest } = splitFieldProps(props);
  const own = textControl({ value, onChange, controlClassName });
  return <FormField {...frame}>{(control) => <textarea {...control} {...rest} {...own} />}</FormField>;
}
