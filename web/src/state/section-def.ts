import type { SectionData, SectionType } from '@app/contracts';
import type { Equals } from './section-rules';
import type { TabId } from './tab-id';

/** What the web knows of one configuration section: `section-list.ts` has one for each. */
export interface SectionDef<K extends SectionType> {
  type: K;
  label: string;
  /** The tab that edits it: the tab's sections (and its `*`) follow from this. */
  tab: TabId;
  empty: () => SectionData[K];
  /** Equal for the server: admins and exceptions are sets, flag order does not matter. */
  equals: Equals<SectionData[K]>;
  /** What Save Changes sends (e.g. without the dialog's own flags); the value as is when absent. */
  toSave?: (value: SectionData[K]) => SectionData[K];
}
