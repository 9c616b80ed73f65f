import { useId } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { maxVariableNameLength, maxVariableValueLength, sectionLabels } from '@app/contracts';
import { revealSecret } from '../../api/secrets';
import { sections } from '../../state/sections';
import { ChangedBy } from '../shell/ChangedBy';
import { SectionNotice } from '../shell/SectionNotice';
import { InlineAddForm } from '../../ui/inline-add-form/InlineAddForm';
import {
  addNamedValue,
  checkNewName,
  entryState,
  removeNamedValue,
  setNamedValue,
  sortedNames,
} from './named-value-edits';
import { NamedValueRow } from './NamedValueRow';

export interface NamedValuesCardProps {
  type: 'applicationSecrets' | 'applicationVariables';
  /** 'secret' or 'variable'. */
  noun: string;
  emptyMessage: string;
}

/** One section of the tab: its names and obscured values, longest name first. */
export function NamedValuesCard({ type, noun, emptyMessage }: NamedValuesCardProps) {
  const values = useAtomValue(sections[type].value);
  const { server } = useAtomValue(sections[type].state);
  const edit = useSetAtom(sections[type].edit);
  const titleId = useId();
  const label = sectionLabels[type];
  const names = sortedNames(values);

  return (
    <section className="card named-values" aria-labelledby={titleId}>
      <header className="card-header">
        <h3 id={titleId} className="card-title">
          {label}
        </h3>
        <span className="muted">{names.length === 1 ? `1 ${noun}` : `${names.length} ${noun}s`}</span>
      </header>
      <ChangedBy section={type} />
      <SectionNotice type={type} />
      {names.length === 0 ? (
        <p className="empty">{emptyMessage}</p>
      ) : (
        <ul className="named-value-list" aria-label={label}>
          {names.map((name) => {
            const value = values[name] ?? '';
            return (
              <NamedValueRow
                key={name}
                name={name}
                value={value}
                state={entryState(server, name, value)}
                onChange={(text) => edit((v) => setNamedValue(v, server, name, text))}
                onReveal={() => revealSecret({ section: type, key: name })}
                onRemove={() => edit((v) => removeNamedValue(v, name))}
              />
            );
          })}
        </ul>
      )}
      <InlineAddForm
        label={`Add to ${label}`}
        className="named-value-add"
        name={{
          label: `New ${noun} name`,
          maxLength: maxVariableNameLength,
          placeholder: 'NAME',
          className: 'named-value-name-input',
          spellCheck: false,
        }}
        value={{
          label: `New ${noun} value`,
          maxLength: maxVariableValueLength,
          className: 'secret-input-field',
        }}
        submitLabel={`Add ${noun}`}
        check={(name) => checkNewName(values, name, label)}
        onAdd={(name, value) => edit((v) => addNamedValue(v, name, value))}
      />
    </section>
  );
}
