import { describe, it } from 'vitest';
import { adminMessages, platformMessages, type SupportEmailEvent } from '@app/contracts';
import { supportEmailDecider } from '../../src/configurations/support-email';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(supportEmailDecider);
type E = SupportEmailEvent;
const activated: E = { type: 'SupportEmailActivated', data: {} };
const deactivated: E = { type: 'SupportEmailDeactivated', data: {} };
const address = (email: string): E => ({ type: 'SupportEmailAddressChanged', data: { email } });
const save = (isActive: boolean, email: string) => ({
  type: 'UpdateSupportEmail' as const,
  data: { isActive, email },
});

describe('support email decider (spec 5)', () => {
  it('activation without an address is refused with the spec message, word for word', () => {
    given([])
      .when(save(true, ''))
      .thenThrows(
        'The Support Email feature cannot be activated without providing an email address. Please add an email address or disable the feature.',
      );
  });

  it('an address of spaces only is no address', () => {
    given([]).when(save(true, '   ')).thenThrows(adminMessages.supportEmailRequired);
  });

  it('clearing the address of an active feature is refused too', () => {
    given([address('help@example.com'), activated])
      .when(save(true, ''))
      .thenThrows(adminMessages.supportEmailRequired);
  });

  it('activating with an address: the address first, then the activation; trimmed and lower-cased', () => {
    given([])
      .when(save(true, ' Help@Example.COM '))
      .then([address('help@example.com'), activated]);
  });

  it('an invalid address is refused, active or not', () => {
    given([]).when(save(false, 'not an email')).thenThrows(platformMessages.invalidEmail('not an email'));
    given([]).when(save(true, 'help@')).thenThrows(platformMessages.invalidEmail('help@'));
  });

  it('deactivating and clearing: the deactivation first, then the address', () => {
    given([address('help@example.com'), activated])
      .when(save(false, ''))
      .then([deactivated, address('')]);
  });

  it('an address may be kept, changed or empty while inactive', () => {
    given([])
      .when(save(false, 'help@example.com'))
      .then([address('help@example.com')]);
    given([address('help@example.com')])
      .when(save(false, ''))
      .then([address('')]);
  });

  it('changing the address of an active feature', () => {
    given([address('help@example.com'), activated])
      .when(save(true, 'support@example.com'))
      .then([address('support@example.com')]);
  });

  it('an unchanged save appends nothing (the default is inactive with no address)', () => {
    given([]).when(save(false, '')).then([]);
    given([address('help@example.com'), activated])
      .when(save(true, 'HELP@example.com'))
      .then([]);
  });
});
