import { z } from 'zod';
import { boundedString } from '../../bounded';
import { limits } from '../../limits';
import { defineValueCard, noData, unexpectedEvent, type EventOf } from './value-card';

/** Support Email: `email` may be empty while inactive; it is trimmed and lower-cased when saved. */
export const SupportEmailSection = z.object({
  isActive: z.boolean(),
  email: boundedString('The support email', limits.emailLength),
});
export type SupportEmailSection = z.infer<typeof SupportEmailSection>;

export const supportEmailCard = defineValueCard({
  key: 'emailSupport',
  label: 'Support Email',
  schema: SupportEmailSection,
  initial: () => ({ isActive: false, email: '' }),
  events: [
    z.object({ type: z.literal('SupportEmailActivated'), data: noData }),
    z.object({ type: z.literal('SupportEmailDeactivated'), data: noData }),
    z.object({ type: z.literal('SupportEmailAddressChanged'), data: z.object({ email: z.string() }) }),
  ],
  evolve: (state, event) => {
    switch (event.type) {
      case 'SupportEmailActivated':
        return { ...state, isActive: true };
      case 'SupportEmailDeactivated':
        return { ...state, isActive: false };
      case 'SupportEmailAddressChanged':
        return { ...state, email: event.data.email };
      default:
        return unexpectedEvent(event);
    }
  },
});
export type SupportEmailEvent = EventOf<typeof supportEmailCard>;
/** Read by other features too (the chat's limits and storage). */
export const emailSupportStreamId = supportEmailCard.streamId;
