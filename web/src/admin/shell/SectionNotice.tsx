import { useAtomValue, useSetAtom } from 'jotai';
import type { SectionType } from '@app/contracts';
import { sectionDefs } from '../../state/section-list';
import { sections } from '../../state/sections';
import { reloadSectionAtom } from '../actions/load-configs';

/** A section's notice: another admin changed it under our edits, or its save failed. */
export function SectionNotice({ type }: { type: SectionType }) {
  const notice = useAtomValue(sections[type].notice);
  const reloadSection = useSetAtom(reloadSectionAtom);
  if (!notice) return null;
  const label = sectionDefs[type].label;
  return (
    <div className={`notice notice-${notice.kind}`} role="alert">
      <p className="notice-message">{notice.message}</p>
      <button type="button" className="btn btn-small" onClick={() => void reloadSection(type)}>
        Reload {label}
      </button>
    </div>
  );
}
