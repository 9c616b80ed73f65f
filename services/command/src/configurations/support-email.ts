import {
  adminMessages,
  isEmail,
  normaliseEmail,
  platformMessages,
  supportEmailCard,
  type SupportEmailEvent,
  type SupportEmailSection,
} from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { valueCardDecider } from './value-card-decider';

export type SupportEmailCommand = { type: 'UpdateSupportEmail'; data: SupportEmailSection };

type E = SupportEmailEvent;

/**
 * Support Email: the address is trimmed and lower-cased; it may be empty only while the feature is
 * inactive. Deactivation comes before an address change and activation after it, so the
 * log never shows the feature active without an address.
 */
export const supportEmailDecider = valueCardDecider(supportEmailCard, {
  snapshot: 'emailSupport/2',
  command: (data): SupportEmailCommand => ({ type: 'UpdateSupportEmail', data }),
  decide: (command, state) => {
    const email = normaliseEmail(command.data.email);
    const { isActive } = command.data;
    if (isActive && email === '') throw new DomainError(adminMessages.supportEmailRequired);
    if (email !== '' && !isEmail(email)) throw new DomainError(platformMessages.invalidEmail(email));
    const deactivated: E[] =
      state.isActive && !isActive ? [{ type: 'SupportEmailDeactivated', data: {} }] : [];
    const changed: E[] =
      email === state.email ? [] : [{ type: 'SupportEmailAddressChanged', data: { email } }];
    const activated: E[] = !state.isActive && isActive ? [{ type: 'SupportEmailActivated', data: {} }] : [];
    return [...deactivated, ...changed, ...activated];
  },
});
