import { accountsEventTypes, assertNever, type AccountsEvent } from '@app/contracts';
import { tableProjection } from './projection';

/** The users' accounts (COA) and their limits, for the spend read model: each save replaces the list. */
export const spendAccountsProjection = tableProjection<AccountsEvent>(
  { name: 'spendAccounts', readModel: null },
  ['rm_spend_accounts'],
  {
    eventTypes: accountsEventTypes,
    apply: async (event, _recorded, trx) => {
      switch (event.type) {
        case 'AccountsSaved': {
          const { email, accounts } = event.data;
          await trx.deleteFrom('rm_spend_accounts').where('email', '=', email).execute();
          if (accounts.length > 0) {
            await trx
              .insertInto('rm_spend_accounts')
              .values(
                accounts.map((a, position) => ({
                  email,
                  account_id: a.id,
                  position,
                  name: a.name,
                  rate_limit: JSON.stringify(a.rateLimit),
                })),
              )
              .execute();
          }
          return [email];
        }
        default:
          return assertNever(event.type);
      }
    },
  },
);
