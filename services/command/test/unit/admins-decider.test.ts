import { describe, it } from 'vitest';
import { platformMessages, type AdminsEvent } from '@app/contracts';
import { adminsDecider } from '../../src/configurations/admins';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(adminsDecider);

const added = (email: string): AdminsEvent => ({ type: 'AdminAdded', data: { email } });
const removed = (email: string): AdminsEvent => ({ type: 'AdminRemoved', data: { email } });
const update = (...admins: string[]) => ({ type: 'UpdateAdmins' as const, data: { admins } });
const seed = (...admins: string[]) => ({ type: 'SeedAdmins' as const, data: { admins } });

describe('admins decider: UpdateAdmins (the Admins card saved as a whole list)', () => {
  it('adds an admin', () => {
    given([added('ann@example.com')])
      .when(update('ann@example.com', 'bob@example.com'))
      .then([added('bob@example.com')]);
  });

  it('adds the first admins to an empty list', () => {
    given([])
      .when(update('ann@example.com'))
      .then([added('ann@example.com')]);
  });

  it('removes an admin', () => {
    given([added('ann@example.com'), added('bob@example.com')])
      .when(update('ann@example.com'))
      .then([removed('bob@example.com')]);
  });

  it('replacing one admin by another is a removal then an addition', () => {
    given([added('ann@example.com')])
      .when(update('bob@example.com'))
      .then([removed('ann@example.com'), added('bob@example.com')]);
  });

  it('trims and lower-cases the emails', () => {
    given([])
      .when(update('  Bob@Example.COM '))
      .then([added('bob@example.com')]);
  });

  it('an email differing only in case or spaces is the same admin: nothing appended', () => {
    given([added('bob@example.com')])
      .when(update(' BOB@example.com'))
      .then([]);
  });

  it('merges duplicates', () => {
    given([])
      .when(update('bob@example.com', 'Bob@Example.com ', 'bob@example.com'))
      .then([added('bob@example.com')]);
  });

  it('refuses an invalid email, naming it', () => {
    given([added('ann@example.com')])
      .when(update('ann@example.com', ' Not-An-Email '))
      .thenThrows(platformMessages.invalidEmail('not-an-email'));
  });

  it('refuses an empty entry as an invalid email', () => {
    given([added('ann@example.com')])
      .when(update('ann@example.com', '  '))
      .thenThrows(platformMessages.invalidEmail(''));
  });

  it('the last admin cannot be removed', () => {
    given([added('ann@example.com')])
      .when(update())
      .thenThrows(platformMessages.lastAdmin);
  });

  it('removing every admin is refused even when there were several', () => {
    given([added('ann@example.com'), added('bob@example.com')])
      .when(update())
      .thenThrows(platformMessages.lastAdmin);
  });

  it('saving the same list (in another order) appends nothing', () => {
    given([added('ann@example.com'), added('bob@example.com')])
      .when(update('bob@example.com', 'ann@example.com'))
      .then([]);
  });

  it('an admin removed earlier can be added again', () => {
    given([added('ann@example.com'), added('bob@example.com'), removed('bob@example.com')])
      .when(update('ann@example.com', 'bob@example.com'))
      .then([added('bob@example.com')]);
  });
});

describe('admins decider: SeedAdmins (ADMIN_EMAILS on first start)', () => {
  it('seeds the admins when there are none, normalised and merged', () => {
    given([])
      .when(seed('Ann@Example.com', ' bob@example.com', 'ann@example.com'))
      .then([added('ann@example.com'), added('bob@example.com')]);
  });

  it('seeds nothing once there are admins', () => {
    given([added('carl@example.com')])
      .when(seed('ann@example.com'))
      .then([]);
  });

  it('seeds again after every admin was removed (none left)', () => {
    given([added('carl@example.com'), removed('carl@example.com')])
      .when(seed('ann@example.com'))
      .then([added('ann@example.com')]);
  });

  it('refuses an invalid seed email', () => {
    given([]).when(seed('ann@example.com', 'nobody')).thenThrows(platformMessages.invalidEmail('nobody'));
  });
});
