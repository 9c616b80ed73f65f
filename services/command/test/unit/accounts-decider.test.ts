import { describe, it } from 'vitest';
import { accountMessages, defaultAccount, type Account, type AccountsEvent } from '@app/contracts';
import { accountsDecider } from '../../src/accounts/accounts-decider';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(accountsDecider);
const email = 'ann@example.com';
const project: Account = { id: 'proj-1', name: 'Project One', rateLimit: { period: 'Daily', rate: 5 } };
const save = (accounts: Account[]) => ({ type: 'SaveAccounts' as const, data: { email, accounts } });
const saved = (accounts: Account[]): AccountsEvent => ({ type: 'AccountsSaved', data: { email, accounts } });

describe('accounts decider', () => {
  it('the default account is there before any save: saving only it appends nothing', () => {
    given([])
      .when(save([defaultAccount()]))
      .then([]);
    given([]).when(save([])).then([]);
  });

  it('the default account is added first when left out', () => {
    given([])
      .when(save([project]))
      .then([saved([defaultAccount(), project])]);
  });

  it('the default account sent later in the list is moved first', () => {
    const other: Account = { id: 'b', name: 'B', rateLimit: { period: 'Unlimited', rate: null } };
    given([])
      .when(save([project, defaultAccount(), other]))
      .then([saved([defaultAccount(), project, other])]);
  });

  it('Unlimited is kept with rate null; the same list again appends nothing', () => {
    given([saved([defaultAccount(), project])])
      .when(save([{ ...project, rateLimit: { period: 'Daily', rate: 5 } }]))
      .then([]);
    given([])
      .when(save([{ id: 'x', name: 'X', rateLimit: { period: 'Unlimited', rate: 0 } }]))
      .then([
        saved([defaultAccount(), { id: 'x', name: 'X', rateLimit: { period: 'Unlimited', rate: null } }]),
      ]);
  });

  it('removing an account saves the list without it', () => {
    given([saved([defaultAccount(), project])])
      .when(save([]))
      .then([saved([defaultAccount()])]);
  });

  it('an account id listed twice is refused', () => {
    given([])
      .when(save([project, { ...project, name: 'Again' }]))
      .thenThrows(accountMessages.duplicateId('proj-1'));
  });
});
