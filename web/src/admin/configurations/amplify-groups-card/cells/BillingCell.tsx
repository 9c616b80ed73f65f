import { useSetAtom } from 'jotai';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { sections } from '../../../../state/sections';
import { CheckField } from '../../../../ui/CheckField';
import { setBilling, type GroupRow } from '../group-edits';
import { useGroup } from '../use-group';

/** Whether the group is a billing group, changed with a click. */
export function BillingCell({ data }: CustomCellRendererProps<GroupRow>) {
  const edit = useSetAtom(sections.amplifyGroups.edit);
  const group = useGroup(data?.groupName);
  if (!group) return null;
  const name = group.groupName;
  return (
    <div className="cell-center">
      <CheckField
        className="checkbox"
        label={<span aria-hidden="true">{group.isBillingGroup ? 'Yes' : 'No'}</span>}
        checked={group.isBillingGroup}
        aria-label={`Billing group: ${name}`}
        onChange={(checked) => edit((groups) => setBilling(groups, name, checked))}
      />
    </div>
  );
}
