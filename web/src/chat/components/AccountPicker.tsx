import { useAtomValue, useSetAtom } from 'jotai';
import { accountsAtom, chosenAccountIdAtom, selectedAccountAtom } from '../../state/accounts';

/** The account (COA) requests are attributed to: the default 'No COA On File' first. */
export function AccountPicker() {
  const accounts = useAtomValue(accountsAtom);
  const selected = useAtomValue(selectedAccountAtom);
  const choose = useSetAtom(chosenAccountIdAtom);
  return (
    <select
      className="input chat-account"
      aria-label="Account"
      value={selected.id}
      onChange={(e) => choose(e.target.value)}
    >
      {accounts.map((a) => (
        <option key={a.id} value={a.id}>
          {a.name}
        </option>
      ))}
    </select>
  );
}
