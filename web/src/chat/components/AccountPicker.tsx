import { useAtomValue, useSetAtom } from 'jotai';
import { defaultAccountId } from '@app/contracts';
import { SelectField } from '../../ui/SelectField';
import { chatText } from '../chat-text';
import { accountsAtom, chosenAccountIdAtom, selectedAccountAtom } from '../../state/accounts';

/** The account (COA) requests are charged to: the default 'No COA On File' first, said in plain words. */
export function AccountPicker() {
  const accounts = useAtomValue(accountsAtom);
  const selected = useAtomValue(selectedAccountAtom);
  const choose = useSetAtom(chosenAccountIdAtom);
  const names = new Map(accounts.map((a) => [a.id, a.name]));
  return (
    <SelectField
      label="Account"
      className="menu-field"
      controlClassName="input chat-account"
      hint={selected.id === defaultAccountId ? chatText.defaultAccountHint : chatText.accountHint}
      value={selected.id}
      options={accounts.map((a) => a.id)}
      optionLabel={(id) => names.get(id) ?? id}
      onChange={choose}
    />
  );
}
