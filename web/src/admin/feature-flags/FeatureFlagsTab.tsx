import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { sections } from '../../state/sections';
import { SectionNotice } from '../shell/SectionNotice';
import { AddFeatureForm } from './AddFeatureForm';
import { exceptionsEditorAtom } from './editor-atom';
import { ExceptionsEditor } from './ExceptionsEditor';
import { FeatureFlagsGrid } from './FeatureFlagsGrid';
import { flagRows } from './flag-edits';
import { SearchField } from '../../ui/SearchField';

/** The Feature Flags tab: add form, search and the flags table. */
export default function FeatureFlagsTab() {
  const flags = useAtomValue(sections.featureFlags.value);
  const { server } = useAtomValue(sections.featureFlags.state);
  const closeEditor = useSetAtom(exceptionsEditorAtom);
  const [search, setSearch] = useState('');
  const rows = flagRows(flags, search, server);

  // Leaving the tab closes an open exceptions editor.
  useEffect(() => () => closeEditor(null), [closeEditor]);

  return (
    <div className="feature-flags">
      <SectionNotice type="featureFlags" />
      <section className="card" aria-label="Add Feature">
        <AddFeatureForm />
      </section>
      <div className="toolbar">
        <SearchField placeholder="Search feature flags" value={search} onChange={setSearch} />
        <span className="muted">
          {Object.keys(flags).length} feature flag{Object.keys(flags).length === 1 ? '' : 's'}
        </span>
      </div>
      {rows.length === 0 ? (
        <p className="empty">
          {search ? 'No feature flags match your search.' : 'No feature flags to display.'}
        </p>
      ) : (
        <FeatureFlagsGrid rows={rows} />
      )}
      <ExceptionsEditor />
    </div>
  );
}
