import {
  SupportEmailEventContract,
  adminMessages,
  configValueDefaults,
  evolveSupportEmail,
  isEmail,
  normaliseEmail,
  platformMessages,
  type SupportEmailEvent,
  type SupportEmailSection,
} from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, isPlainObject, plainSnapshot, type Decider } from '../shared/decider';

export type SupportEmailCommand = { type: 'UpdateSupportEmail'; data: SupportEmailSection };

type E = SupportEmailEvent;

/**
 * Support Email: the address is trimmed and lower-cased; it may be empty only while the feature is
 * inactive. Deactivation comes before an address change and activation after it, so the
 * log never shows the feature active without an address.
 */
export const supportEmailDecider: Decider<SupportEmailSection, SupportEmailCommand, E> = {
  initialState: configValueDefaults.emailSupport,

  decide: (command, state) => {
    switch (command.type) {
      case 'UpdateSupportEmail': {
        const email = normaliseEmail(command.data.email);
        const { isActive } = command.data;
        if (isActive && email === '') throw new DomainError(adminMessages.supportEmailRequired);
        if (email !== '' && !isEmail(email)) throw new DomainError(platformMessages.invalidEmail(email));
        const deactivated: E[] =
          state.isActive && !isActive ? [{ type: 'SupportEmailDeactivated', data: {} }] : [];
        const changed: E[] =
          email === state.email ? [] : [{ type: 'SupportEmailAddressChanged', data: { email } }];
        const activated: E[] =
          !state.isActive && isActive ? [{ type: 'SupportEmailActivated', data: {} }] : [];
        return [...deactivated, ...changed, ...activated];
      }
      default:
        return assertNever(command.type);
    }
  },

  evolve: evolveSupportEmail,
  // The projection's contract: a stored event that does not fit is left out of the fold.
  contract: SupportEmailEventContract,
  snapshot: plainSnapshot(
    'emailSupport/2',
    (j) => isPlainObject(j) && typeof j['isActive'] === 'boolean' && typeof j['email'] === 'string',
  ),
};
