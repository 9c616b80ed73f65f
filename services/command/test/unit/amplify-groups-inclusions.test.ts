import { describe, expect, it } from 'vitest';
import { adminMessages, platformMessages } from '@app/contracts';
import { amplifyGroupsDecider } from '../../src/configurations/amplify-groups';
import {
  given,
  ann,
  bob,
  carl,
  group,
  created,
  system,
  deleted,
  memberAdded,
  memberRemoved,
  inclusionAdded,
  billing,
  limit,
  save,
} from './amplify-groups-fixtures';

describe('amplify groups decider: inclusions', () => {
  it('including a group that does not exist is refused', () => {
    given([created('Staff')])
      .when(save([group('Staff', { includeFromOtherGroups: ['Ghosts'] })]))
      .thenThrows(platformMessages.unknownIncludedGroup('Staff', 'Ghosts'));
  });

  it('deleting a group another one still includes is refused the same way', () => {
    given([created('Team'), created('All', { includeFromOtherGroups: ['Team'] })])
      .when(save([group('All', { includeFromOtherGroups: ['Team'] })]))
      .thenThrows(platformMessages.unknownIncludedGroup('All', 'Team'));
  });

  it('a group including itself is a cycle', () => {
    given([created('Staff')])
      .when(save([group('Staff', { includeFromOtherGroups: ['Staff'] })]))
      .thenThrows(platformMessages.groupInclusionCycle(['Staff', 'Staff']));
  });

  it('a cycle through several groups is refused, naming the cycle', () => {
    given([created('A'), created('B', { includeFromOtherGroups: ['C'] }), created('C')])
      .when(
        save([
          group('A', { includeFromOtherGroups: ['B'] }),
          group('B', { includeFromOtherGroups: ['C'] }),
          group('C', { includeFromOtherGroups: ['A'] }),
        ]),
      )
      .thenThrows(
        'Amplify groups cannot include each other in a cycle: A includes B includes C includes A. Remove one of these inclusions and try again.',
      );
  });

  it('a diamond (two paths to the same group) is no cycle', () => {
    given([])
      .when(
        save([
          group('Top', { includeFromOtherGroups: ['Left', 'Right'] }),
          group('Left', { includeFromOtherGroups: ['Base'] }),
          group('Right', { includeFromOtherGroups: ['Base'] }),
          group('Base', { members: [ann] }),
        ]),
      )
      .then([
        created('Top', { includeFromOtherGroups: ['Left', 'Right'] }),
        created('Left', { includeFromOtherGroups: ['Base'] }),
        created('Right', { includeFromOtherGroups: ['Base'] }),
        created('Base', { members: [ann] }),
      ]);
  });

  it('inclusions are trimmed and deduplicated', () => {
    given([created('Team')])
      .when(save([group('Team'), group('All', { includeFromOtherGroups: [' Team', 'Team', ''] })]))
      .then([created('All', { includeFromOtherGroups: ['Team'] })]);
  });
});

describe('amplify groups decider: system groups (no includeFromOtherGroups)', () => {
  const builtIn = system('Everyone', [ann, bob]);
  const { includeFromOtherGroups: _none, ...asRead } = group('Everyone', {
    members: [ann, bob],
    createdBy: 'system',
  });

  it('saved back as read, it is unchanged', () => {
    given([builtIn])
      .when(save([asRead]))
      .then([]);
  });

  it('its members cannot be edited', () => {
    given([builtIn])
      .when(save([{ ...asRead, members: [ann] }]))
      .thenThrows('Everyone is a system group: its members, included groups and deletion cannot be edited.');
    given([builtIn])
      .when(save([{ ...asRead, members: [ann, bob, carl] }]))
      .thenThrows(platformMessages.systemGroupLocked('Everyone'));
  });

  it('it cannot be given inclusions', () => {
    given([builtIn, created('Staff')])
      .when(save([{ ...asRead, includeFromOtherGroups: ['Staff'] }, group('Staff')]))
      .thenThrows(platformMessages.systemGroupLocked('Everyone'));
  });

  it('it cannot be deleted', () => {
    given([builtIn, created('Staff')])
      .when(save([group('Staff')]))
      .thenThrows(platformMessages.systemGroupLocked('Everyone'));
  });

  it('its billing flag and rate limit may be edited; an empty inclusion list sent back is no change', () => {
    given([builtIn])
      .when(
        save([
          {
            ...asRead,
            includeFromOtherGroups: [],
            isBillingGroup: true,
            rateLimit: { period: 'Total', rate: 100 },
          },
        ]),
      )
      .then([billing('Everyone', true), limit('Everyone', { period: 'Total', rate: 100 })]);
  });

  it('ordinary groups may include it', () => {
    given([builtIn])
      .when(save([asRead, group('All', { includeFromOtherGroups: ['Everyone'] })]))
      .then([created('All', { includeFromOtherGroups: ['Everyone'] })]);
  });

  it('the platform registers one once; its creator is the registering actor', () => {
    const register = {
      type: 'RegisterSystemGroup' as const,
      data: { groupName: 'Everyone', members: [' Ann@example.com', bob], actor: 'system' },
    };
    given([]).when(register).then([builtIn]);
    given([builtIn]).when(register).then([]);
    given([created('everyone')])
      .when(register)
      .thenThrows(adminMessages.groupNameExists('Everyone'));
  });
});

describe('amplify groups decider: evolve', () => {
  it('folds every event into the group it names', () => {
    const state = [
      created('Staff', { members: [ann] }),
      created('Team'),
      memberAdded('Staff', bob),
      memberRemoved('Staff', ann),
      inclusionAdded('Staff', 'Team'),
      billing('Staff', true),
      limit('Staff', { period: 'Hourly', rate: 1 }),
      deleted('Team'),
    ].reduce(amplifyGroupsDecider.evolve, amplifyGroupsDecider.initialState());
    expect(state).toEqual({
      Staff: group('Staff', {
        members: [bob],
        createdBy: ann,
        includeFromOtherGroups: ['Team'],
        isBillingGroup: true,
        rateLimit: { period: 'Hourly', rate: 1 },
      }),
    });
  });
});
