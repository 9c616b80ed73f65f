import { useSetAtom } from 'jotai';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { sections } from '../../../../state/sections';
import { RateLimitSelector } from '../../../../ui/rate-limit-selector/RateLimitSelector';
import { setGroupRateLimit, type GroupRow } from '../group-edits';
import { useGroup } from '../use-group';

/** The group's own rate limit, edited in place with the rate-limit selector. */
export function RateLimitCell({ data }: CustomCellRendererProps<GroupRow>) {
  const edit = useSetAtom(sections.amplifyGroups.edit);
  const group = useGroup(data?.groupName);
  if (!group) return null;
  const name = group.groupName;
  return (
    <div className="cell-rate-limit">
      <RateLimitSelector
        label={`Rate limit of ${name}`}
        showLabel={false}
        compact
        value={group.rateLimit}
        onChange={(update) => edit((groups) => setGroupRateLimit(groups, name, update))}
      />
    </div>
  );
}
