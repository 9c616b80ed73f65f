import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { chatText } from '../chat-text';
import { formatCost } from '../model/conversation-list';
import { spendAtom, refreshSpendAtom } from '../state/spend';

const limitText = (rate: number | null, period: string): string | null =>
  rate === null ? null : `${formatCost(rate)} ${period.toLowerCase()}`;

/**
 * The spend so far against the user's own limit (the others, groups' and accounts', in its title);
 * nothing when the spend is not known.
 */
export function SpendDisplay() {
  const spend = useAtomValue(spendAtom);
  const refresh = useSetAtom(refreshSpendAtom);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const own = spend?.find((s) => s.kind === 'user') ?? spend?.[0];
  if (!spend || !own) return null;
  const all = spend
    .map((s) => `${s.name}: ${chatText.spend(formatCost(s.spent), limitText(s.rate, s.period))}`)
    .join('\n');
  return (
    <span className="chat-spend" title={all} aria-label="Spend">
      {chatText.spend(formatCost(own.spent), limitText(own.rate, own.period))}
    </span>
  );
}
