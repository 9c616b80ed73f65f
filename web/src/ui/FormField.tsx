import { useId, type ReactNode } from 'react';
import './FormField.css';

/** What a FormField hands its control: spread it onto the input, textarea or select. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

/**
 * - `stacked`: the label above the control (`label[for]`), then the hint and the error.
 * - `wrapped`: the label wraps its text (a span) and then the control.
 * - `check`: the label wraps the control and then its text (a checkbox, a radio, a switch).
 */
export type FormFieldLayout = 'stacked' | 'wrapped' | 'check';

export interface FormFieldProps {
  label: ReactNode;
  /** The control, given the id and the aria attributes to spread onto it (or to pass to a custom control). */
  children: (control: FieldControlProps) => ReactNode;
  layout?: FormFieldLayout;
  /**
   * The outer element's class: for `stacked`, a div wrapping the field (no class, no div: the label
   * and the control sit straight in their container, e.g. a grid); for `wrapped` and `check`, the label's.
   */
  className?: string;
  /** The label's class (`stacked`) or its text's (`wrapped`); `field-label` unless told. */
  labelClassName?: string;
  /** Keeps the label for assistive technology only. */
  hideLabel?: boolean;
  /** Adds a muted "(optional)" to the label. */
  optional?: boolean;
  /** Said under the control (`field-hint`), and describes it. */
  hint?: ReactNode;
  /** Said under the control in an alert (`form-error`); describes it and marks it invalid. */
  error?: string | null;
  /** Marks the control invalid though its error is shown elsewhere (see describedBy). */
  invalid?: boolean;
  /** Ids of other elements that describe the control (a message shown outside the field). */
  describedBy?: string;
  /** A fixed id for the control (e.g. one a page links to); a generated one otherwise. */
  id?: string;
}

/** A FormField's own props: everything but the control. */
export type FieldFrameProps = Omit<FormFieldProps, 'children'>;

const frameKeys: readonly (keyof FieldFrameProps)[] = [
  'label',
  'layout',
  'className',
  'labelClassName',
  'hideLabel',
  'optional',
  'hint',
  'error',
  'invalid',
  'describedBy',
  'id',
];

/** Splits a field wrapper's props into FormField's and the rest (the control's attributes). */
export function splitFieldProps<P extends FieldFrameProps>(
  props: P,
): { frame: FieldFrameProps; rest: Omit<P, keyof FieldFrameProps> } {
  const frame: Partial<Record<keyof FieldFrameProps, unknown>> = {};
  const rest: Record<string, unknown> = { ...props };
  for (const key of frameKeys) {
    frame[key] = props[key];
    delete rest[key];
  }
  return { frame: frame as FieldFrameProps, rest: rest as Omit<P, keyof FieldFrameProps> };
}

const isShown = (node: ReactNode): boolean =>
  node !== undefined && node !== null && node !== false && node !== '';

/** The control's id and aria attributes: described by the hint, the error and the other ids given, in that order. */
export function fieldControlProps(
  id: string,
  wiring: { hintId?: string; errorId?: string; describedBy?: string; invalid: boolean },
): FieldControlProps {
  const describedBy = [wiring.hintId, wiring.errorId, wiring.describedBy].filter(Boolean).join(' ');
  return {
    id,
    'aria-describedby': describedBy === '' ? undefined : describedBy,
    'aria-invalid': wiring.invalid ? true : undefined,
  };
}

/**
 * A labelled form control with its hint and error, the ids wired for assistive technology: the label
 * names the control, the hint and the error describe it, and an error marks it invalid.
 */
export function FormField({
  label,
  children,
  layout = 'stacked',
  className,
  labelClassName = 'field-label',
  hideLabel = false,
  optional = false,
  hint,
  error,
  invalid,
  describedBy,
  id: fixedId,
}: FormFieldProps) {
  const baseId = useId();
  const id = fixedId ?? `${baseId}-control`;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  const hasHint = isShown(hint);
  const hasError = isShown(error);
  const control = children(
    fieldControlProps(id, {
      hintId: hasHint ? hintId : undefined,
      errorId: hasError ? errorId : undefined,
      describedBy,
      invalid: invalid ?? hasError,
    }),
  );
  const text = (
    <>
      {label}
      {optional && <span className="muted field-optional"> (optional)</span>}
    </>
  );
  const textClass = (hideLabel ? 'visually-hidden' : labelClassName) || undefined;
  const messages = (
    <>
      {hasHint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {hasError && (
        <p id={errorId} role="alert" className="form-error">
          {error}
        </p>
      )}
    </>
  );

  if (layout === 'check')
    return (
      <>
        <label className={className}>
          {control} {hideLabel ? <span className="visually-hidden">{text}</span> : text}
        </label>
        {messages}
      </>
    );
  if (layout === 'wrapped')
    return (
      <>
        <label className={className}>
          <span className={textClass}>{text}</span>
          {control}
        </label>
        {messages}
      </>
    );
  const field = (
    <>
      <label htmlFor={id} className={textClass}>
        {text}
      </label>
      {control}
      {messages}
    </>
  );
  return className === undefined ? field : <div className={className}>{field}</div>;
}
