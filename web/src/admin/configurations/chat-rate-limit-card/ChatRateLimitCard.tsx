import { useAtomValue, useSetAtom } from 'jotai';
import { sections } from '../../../state/sections';
import { RateLimitSelector } from '../../../ui/rate-limit-selector/RateLimitSelector';
import { ConfigCard } from '../config-card/ConfigCard';

/** Chat Rate Limit: the platform-wide limit on chat spending, a period and a rate. */
export function ChatRateLimitCard() {
  const limit = useAtomValue(sections.rateLimit.value);
  const edit = useSetAtom(sections.rateLimit.edit);
  return (
    <ConfigCard section="rateLimit">
      <p className="muted card-lead">How much chat may cost across the platform; Unlimited sets no limit.</p>
      <RateLimitSelector
        label="Chat rate limit"
        showLabel={false}
        value={limit}
        onChange={(update) => edit(update)}
      />
    </ConfigCard>
  );
}
