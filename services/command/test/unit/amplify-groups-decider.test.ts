import { describe, it } from 'vitest';
import { adminMessages, platformMessages, type RateLimit } from '@app/contracts';
import {
  given,
  ann,
  bob,
  carl,
  unlimited,
  group,
  created,
  deleted,
  memberAdded,
  memberRemoved,
  inclusionAdded,
  inclusionRemoved,
  billing,
  limit,
  save,
  saveKeyed,
} from './amplify-groups-fixtures';

describe('amplify groups decider: names (spec 5)', () => {
  it('a group name is required, with the spec message word for word', () => {
    given([])
      .when(save([group('')]))
      .thenThrows('Group name is required. Please enter a name and try again.');
  });

  it('a name of spaces only is no name', () => {
    given([])
      .when(saveKeyed({ x: group('   ') }))
      .thenThrows(adminMessages.groupNameRequired);
  });

  it('names are unique: a second group of an existing name is refused, with the spec message', () => {
    given([created('Staff')])
      .when(saveKeyed({ Staff: group('Staff'), 'Staff ': group(' Staff ') }))
      .thenThrows('There already exists a group with the name Staff.');
  });

  it('uniqueness ignores case', () => {
    given([created('Staff')])
      .when(save([group('Staff'), group('staff')]))
      .thenThrows(adminMessages.groupNameExists('staff'));
  });

  it('a name is trimmed; the key it was sent under does not matter', () => {
    given([])
      .when(saveKeyed({ 'new group': group('  Ops  ') }))
      .then([created('Ops')]);
  });

  it('a name that is also a member of every JS object is an ordinary name', () => {
    given([])
      .when(save([group('constructor')]))
      .then([created('constructor')]);
    given([created('constructor')])
      .when(save([]))
      .then([deleted('constructor')]);
  });
});

describe('amplify groups decider: create', () => {
  it('a new group is one fact carrying the whole group, created by the saving admin (never the sent createdBy)', () => {
    given([])
      .when(
        save(
          [
            group('Staff', {
              members: [' Ann@Example.com', bob],
              createdBy: 'mallory@example.com',
              isBillingGroup: true,
              rateLimit: { period: 'Daily', rate: 10 },
            }),
          ],
          carl,
        ),
      )
      .then([
        created('Staff', {
          members: [ann, bob],
          createdBy: carl,
          isBillingGroup: true,
          rateLimit: { period: 'Daily', rate: 10 },
        }),
      ]);
  });

  it('the defaults of spec 9: no members, no inclusions, Unlimited', () => {
    given([])
      .when(save([group('Empty')]))
      .then([created('Empty')]);
  });

  it('a new group sent without includeFromOtherGroups is an ordinary group (system groups are registered by the platform)', () => {
    const { includeFromOtherGroups: _omitted, ...sent } = group('Ops');
    given([])
      .when(save([sent]))
      .then([created('Ops', { includeFromOtherGroups: [] })]);
  });

  it('members are trimmed, lower-cased and deduplicated; blanks dropped', () => {
    given([])
      .when(save([group('Staff', { members: [ann, 'ANN@example.com ', '', bob] })]))
      .then([created('Staff', { members: [ann, bob] })]);
  });

  it('an invalid member email is refused, nothing decided', () => {
    given([])
      .when(save([group('Staff', { members: [ann, 'Not An Email'] })]))
      .thenThrows(platformMessages.invalidEmail('not an email'));
  });

  it('a new group including another new group, sent in the same save', () => {
    given([])
      .when(save([group('All', { includeFromOtherGroups: ['Team'] }), group('Team', { members: [bob] })]))
      .then([created('All', { includeFromOtherGroups: ['Team'] }), created('Team', { members: [bob] })]);
  });

  it('the Unlimited rate limit is kept with rate null whether 0 or null was sent', () => {
    given([])
      .when(save([group('Staff', { rateLimit: { period: 'Unlimited', rate: 0 } })]))
      .then([created('Staff')]);
  });
});

describe('amplify groups decider: inline edits are diffed into fine-grained facts', () => {
  const staff = created('Staff', { members: [ann, bob], createdBy: 'dora@example.com' });

  it('a member added and one removed', () => {
    given([staff])
      .when(save([group('Staff', { members: [ann, carl] })]))
      .then([memberRemoved('Staff', bob), memberAdded('Staff', carl)]);
  });

  it('an inclusion added and one removed', () => {
    given([created('A'), created('B'), created('C'), inclusionAdded('A', 'B')])
      .when(save([group('A', { includeFromOtherGroups: ['C'] }), group('B'), group('C')]))
      .then([inclusionRemoved('A', 'B'), inclusionAdded('A', 'C')]);
  });

  it('billing group switched on and off', () => {
    given([staff])
      .when(save([group('Staff', { members: [ann, bob], isBillingGroup: true })]))
      .then([billing('Staff', true)]);
    given([staff, billing('Staff', true)])
      .when(save([group('Staff', { members: [ann, bob] })]))
      .then([billing('Staff', false)]);
  });

  it('the rate limit changed, and back to Unlimited', () => {
    const daily: RateLimit = { period: 'Daily', rate: 12.5 };
    given([staff])
      .when(save([group('Staff', { members: [ann, bob], rateLimit: daily })]))
      .then([limit('Staff', daily)]);
    given([staff, limit('Staff', daily)])
      .when(save([group('Staff', { members: [ann, bob], rateLimit: { period: 'Unlimited', rate: 0 } })]))
      .then([limit('Staff', unlimited)]);
  });

  it('the creator stays whoever created the group, whatever is sent and whoever saves', () => {
    given([staff])
      .when(save([group('Staff', { members: [ann, bob], createdBy: 'mallory@example.com' })], carl))
      .then([]);
  });

  it('member order alone is no change', () => {
    given([staff])
      .when(save([group('Staff', { members: [bob, ann] })]))
      .then([]);
  });

  it('a group missing from the save is deleted; deletions come first', () => {
    given([staff, created('Ops')])
      .when(save([group('Staff', { members: [ann] }), group('New')]))
      .then([deleted('Ops'), memberRemoved('Staff', bob), created('New')]);
  });

  it('a renamed group is a deletion and a creation by the saving admin', () => {
    given([staff])
      .when(saveKeyed({ Staff: group('Employees', { members: [ann, bob] }) }, carl))
      .then([deleted('Staff'), created('Employees', { members: [ann, bob], createdBy: carl })]);
  });

  it('a deleted group can be created again, from its defaults', () => {
    given([staff, deleted('Staff')])
      .when(save([group('Staff')]))
      .then([created('Staff')]);
  });

  it('an unchanged section appends nothing', () => {
    given([staff, created('All', { includeFromOtherGroups: ['Staff'] }), billing('All', true)])
      .when(
        save([
          group('Staff', { members: [ann, bob] }),
          group('All', { includeFromOtherGroups: ['Staff'], isBillingGroup: true }),
        ]),
      )
      .then([]);
  });
});
