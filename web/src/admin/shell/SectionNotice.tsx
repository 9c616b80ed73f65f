import { useAtomValue, useSetAtom } from 'jotai';
import type { SectionType } from '@app/contracts';
import { sectionDefs } from '../../state/section-list';
import { sections } from '../../state/sections';
import { reloadSectionAtom } from '../actions/load-configs';
import { SectionRevert } from '../as-of/SectionRevert';

/** A section's notice: another admin changed it under our edits, or its save failed. */
export function SectionNotice({ type }: { type: SectionType }) {
  const notice = useAtomValue(sections[type].notice);
  const reloadSection = useSetAtom(reloadSectionAtom);
  // While the dialog shows the configuration at a moment (no notices then): the section's revert.
  if (!notice) return <SectionRevert type={type} />;
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
