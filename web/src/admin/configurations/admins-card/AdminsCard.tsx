import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { sections } from '../../../state/sections';
import { EntryPicker } from '../../../ui/entry-picker/EntryPicker';
import { parseEmailEntries } from '../../../ui/entry-picker/entries';
import { ChangedBy } from '../../shell/ChangedBy';
import { HistoryButton } from '../../history/HistoryButton';
import { SectionNotice } from '../../shell/SectionNotice';
import { addAdmins, removeAdmins, sortedAdmins } from './admin-edits';
import { AdminsList } from './AdminsList';

/** The Admins card: add through the email picker, remove one by one or several at once. */
export function AdminsCard() {
  const admins = useAtomValue(sections.admins.value);
  const { server } = useAtomValue(sections.admins.state);
  const edit = useSetAtom(sections.admins.edit);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const shown = sortedAdmins(admins);
  const added = new Set(admins.filter((a) => !server.includes(a)));

  const toggle = (email: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(email)) next.delete(email);
      else next.add(email);
      return next;
    });

  const remove = (emails: ReadonlySet<string>) => {
    edit((list) => removeAdmins(list, emails));
    setSelected((prev) => new Set([...prev].filter((e) => !emails.has(e))));
  };

  return (
    <section className="card" aria-labelledby="admins-card-title">
      <header className="card-header">
        <h3 id="admins-card-title" className="card-title">
          Admins
        </h3>
        <span className="muted">{admins.length === 1 ? '1 admin' : `${admins.length} admins`}</span>
        <HistoryButton section="admins" />
      </header>
      <ChangedBy section="admins" />
      <SectionNotice type="admins" />
      <EntryPicker
        label="Add admins"
        placeholder="name@example.com"
        hint="Separate several emails with commas, semicolons or new lines; press Enter to add."
        existing={admins}
        parse={parseEmailEntries}
        onAdd={(emails) => edit((list) => addAdmins(list, emails))}
      />
      <AdminsList
        admins={shown}
        added={added}
        selected={selected}
        onToggle={toggle}
        onToggleAll={(all) => setSelected(all ? new Set(shown) : new Set())}
        onRemove={remove}
      />
    </section>
  );
}
