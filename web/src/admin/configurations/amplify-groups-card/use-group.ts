import { useAtomValue } from 'jotai';
import type { AmplifyGroup } from '@app/contracts';
import { sections } from '../../../state/sections';

/**
 * A group as the dialog holds it now. The table's cells with fields read it here rather than from
 * the row (which the grid hands over a moment later), so a click or a key shows at once.
 */
export const useGroup = (name: string | undefined): AmplifyGroup | undefined => {
  const groups = useAtomValue(sections.amplifyGroups.value);
  return name !== undefined && Object.hasOwn(groups, name) ? groups[name] : undefined;
};
