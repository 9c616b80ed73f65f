import { historyKinds, sectionTypes, type HistoryKind } from '@app/contracts';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import type { HistoryFilter } from './history-filter';
import { sectionName } from './HistoryGrid';

const kindLabels: Record<HistoryKind, string> = { changes: 'Changes', sessions: 'Sessions' };
const otherSections = ['ops', 'integrations'];

/** The History view's filters: kind, section, item, admin, and a time range. */
export function HistoryFilters({
  value,
  onChange,
}: {
  value: HistoryFilter;
  onChange: (next: HistoryFilter) => void;
}) {
  const set = (patch: Partial<HistoryFilter>) => onChange({ ...value, ...patch });
  const sections: string[] = [...sectionTypes, ...otherSections];
  const changes = value.kind === 'changes';
  return (
    <div className="history-filters" role="group" aria-label="History filters">
      <div className="history-filter">
        <SelectField
          label="Kind"
          value={value.kind}
          options={historyKinds}
          optionLabel={(k) => kindLabels[k]}
          onChange={(kind) => set({ kind })}
        />
      </div>
      {changes && (
        <div className="history-filter">
          <SelectField
            label="Section"
            value={value.section}
            emptyOption="All sections"
            options={sections}
            optionLabel={sectionName}
            onChange={(section) => set({ section })}
          />
        </div>
      )}
      <div className="history-filter">
        <TextField
          label={changes ? 'Item' : 'User'}
          value={value.item}
          placeholder={changes ? 'Any item' : 'Any user'}
          onChange={(item) => set({ item })}
        />
      </div>
      <div className="history-filter">
        <TextField
          label={changes ? 'Admin' : 'By'}
          type="email"
          value={value.actor}
          placeholder="Anyone"
          onChange={(actor) => set({ actor })}
        />
      </div>
      <div className="history-filter">
        <TextField
          label="From"
          type="datetime-local"
          value={value.since}
          onChange={(since) => set({ since })}
        />
      </div>
      <div className="history-filter">
        <TextField
          label="Until"
          type="datetime-local"
          value={value.until}
          onChange={(until) => set({ until })}
        />
      </div>
    </div>
  );
}
