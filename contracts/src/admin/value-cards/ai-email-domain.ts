import { z } from 'zod';
import { boundedString } from '../../bounded';
import { limits } from '../../limits';
import { defineValueCard, type EventOf } from './value-card';

/**
 * AI Email Domain: a domain such as 'example.com' (trimmed, lower-cased, a leading '@' dropped when
 * saved), or '' for none. The card shows only while the assistantEmailEvents flag is on.
 */
export const AiEmailDomainSection = boundedString('The AI email domain', limits.domainLength);
export type AiEmailDomainSection = z.infer<typeof AiEmailDomainSection>;
/** The flag that shows the AI Email Domain card. */
export const aiEmailDomainFlag = 'assistantEmailEvents';

export const aiEmailDomainCard = defineValueCard({
  key: 'aiEmailDomain',
  label: 'AI Email Domain',
  schema: AiEmailDomainSection,
  initial: () => '',
  events: [z.object({ type: z.literal('AiEmailDomainChanged'), data: z.object({ domain: z.string() }) })],
  evolve: (_state, event) => event.data.domain,
  form: {
    shownWhileFlag: aiEmailDomainFlag,
    field: {
      kind: 'text',
      label: 'Email domain',
      placeholder: 'example.com',
      maxLength: limits.domainLength,
      hint: `Shown because the feature flag ${aiEmailDomainFlag} is on. Leave empty for none.`,
    },
  },
});
export type AiEmailDomainEvent = EventOf<typeof aiEmailDomainCard>;
/** Read by other features too (the chat's limits and storage). */
export const aiEmailDomainStreamId = aiEmailDomainCard.streamId;
