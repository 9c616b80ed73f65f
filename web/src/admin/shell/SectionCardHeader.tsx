import type { SectionType } from '@app/contracts';
import { HistoryButton } from '../history/HistoryButton';
import { ChangedBy } from './ChangedBy';
import { SectionNotice } from './SectionNotice';

export interface SectionCardHeaderProps {
  section: SectionType;
  title: string;
  /** The title's id, for the card's aria-labelledby. */
  titleId: string;
}

/** A section card's head: its title and who changed the section last, then the section's notice. */
export function SectionCardHeader({ section, title, titleId }: SectionCardHeaderProps) {
  return (
    <>
      <div className="card-header">
        <h3 id={titleId} className="card-title">
          {title}
        </h3>
        <ChangedBy section={section} />
        <HistoryButton section={section} />
      </div>
      <SectionNotice type={section} />
    </>
  );
}
