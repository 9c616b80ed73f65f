import { useSetAtom } from 'jotai';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { sections } from '../../../../state/sections';
import { FormField } from '../../../../ui/FormField';
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
      <FormField
        layout="check"
        className="checkbox"
        label={<span aria-hidden="true">{group.isBillingGroup ? 'Yes' : 'No'}</span>}
      >
        {(field) => (
          <input
            {...field}
            type="checkbox"
            checked={group.isBillingGroup}
            aria-label={`Billing group: ${name}`}
            onChange={(e) => edit((groups) => setBilling(groups, name, e.target.checked))}
          />
        )}
      </FormField>
    </div>
  );
}
