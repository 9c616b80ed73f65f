import { useAtomValue } from 'jotai';
import type { SectionType } from '@app/contracts';
import { sections } from '../../state/sections';
import { changedByText } from './changed-by';
import './changed-by.css';

/**
 * Who last changed a section and when, from the meta the dialog loaded ("Last changed by
 * ann@example.com, 22 Nov 2026 04:10"); nothing while nobody has changed it.
 */
export function ChangedBy({ section }: { section: SectionType }) {
  const { meta } = useAtomValue(sections[section].state);
  const text = changedByText(meta);
  if (!text) return null;
  return (
    <p className="changed-by" data-section={section}>
      {meta?.changedAt ? <time dateTime={meta.changedAt}>{text}</time> : text}
    </p>
  );
}
