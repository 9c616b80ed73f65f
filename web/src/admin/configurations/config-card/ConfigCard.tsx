import { useId, type ReactNode } from 'react';
import type { SectionType } from '@app/contracts';
import { sectionDefs } from '../../../state/section-list';
import { ChangedBy } from '../../shell/ChangedBy';
import { HistoryButton } from '../../history/HistoryButton';
import { SectionNotice } from '../../shell/SectionNotice';
import './config-card.css';

export interface ConfigCardProps {
  section: SectionType;
  /** Beside the title (a count, a badge). */
  aside?: ReactNode;
  /** Spans the whole width of the tab (a table). */
  wide?: boolean;
  children: ReactNode;
}

/** A card of the Configurations tab: its title, who changed it last, its notice, its fields. */
export function ConfigCard({ section, aside, wide, children }: ConfigCardProps) {
  const titleId = useId();
  return (
    <section className={wide ? 'card config-card is-wide' : 'card config-card'} aria-labelledby={titleId}>
      <header className="config-card-header">
        <div className="config-card-heading">
          <h3 id={titleId} className="card-title">
            {sectionDefs[section].label}
          </h3>
          <ChangedBy section={section} />
        </div>
        <HistoryButton section={section} />
        {aside}
      </header>
      <SectionNotice type={section} />
      {children}
    </section>
  );
}
