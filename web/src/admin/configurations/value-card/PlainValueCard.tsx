import { useId } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { CardField, CardForm, SectionData, ValueCardKey } from '@app/contracts';
import { sections } from '../../../state/sections';
import { CheckField } from '../../../ui/CheckField';
import { TextField } from '../../../ui/TextField';
import { ConfigCard } from '../config-card/ConfigCard';
import { plainCardShown } from './plain-card';

/** The value cards whose value is the text or the choice of their one field. */
export type PlainCardKey = {
  [K in ValueCardKey]: SectionData[K] extends string ? K : never;
}[ValueCardKey];

export interface PlainValueCardProps<K extends PlainCardKey> {
  section: K;
  form: CardForm;
}

interface FieldProps {
  field: CardField;
  value: string;
  onChange: (value: string) => void;
  leadId: string | undefined;
}

function PlainField({ field, value, onChange, leadId }: FieldProps) {
  const name = useId();
  if (field.kind === 'choice')
    return (
      <div role="radiogroup" aria-label={field.label} aria-describedby={leadId} className="radio-row">
        {field.options.map((option) => (
          <CheckField
            key={option.value}
            className="checkbox"
            label={option.label}
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
        ))}
      </div>
    );
  return (
    <TextField
      label={field.label}
      className="field"
      hint={field.hint}
      describedBy={leadId}
      type="text"
      autoComplete="off"
      placeholder={field.placeholder}
      value={value}
      maxLength={field.maxLength}
      onChange={onChange}
    />
  );
}

/**
 * A value card drawn from its description in contracts' `value-cards/` alone: its lead line and its
 * one field (docs/architecture.md, "Adding a value card").
 */
export function PlainValueCard<K extends PlainCardKey>({ section, form }: PlainValueCardProps<K>) {
  const flags = useAtomValue(sections.featureFlags.value);
  const value = useAtomValue(sections[section].value);
  const edit = useSetAtom(sections[section].edit);
  const leadId = useId();
  if (!plainCardShown(form, flags)) return null;
  return (
    <ConfigCard section={section}>
      {form.lead !== undefined && (
        <p id={leadId} className="muted card-lead">
          {form.lead}
        </p>
      )}
      <PlainField
        field={form.field}
        value={value}
        // The field gives a text or one of the choices its card offers; the card's schema checks it at save.
        onChange={(next) => edit(() => next as SectionData[K])}
        leadId={form.lead === undefined ? undefined : leadId}
      />
    </ConfigCard>
  );
}
