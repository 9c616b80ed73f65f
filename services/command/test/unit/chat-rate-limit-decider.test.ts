import { describe, it } from 'vitest';
import type { ChatRateLimitEvent, RateLimit } from '@app/contracts';
import { chatRateLimitDecider } from '../../src/configurations/chat-rate-limit';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(chatRateLimitDecider);
const changed = (data: RateLimit): ChatRateLimitEvent => ({ type: 'ChatRateLimitChanged', data });
const save = (data: RateLimit) => ({ type: 'UpdateChatRateLimit' as const, data });

describe('chat rate limit decider', () => {
  it('the default is Unlimited: saving Unlimited with rate 0 or null appends nothing', () => {
    given([])
      .when(save({ period: 'Unlimited', rate: 0 }))
      .then([]);
    given([])
      .when(save({ period: 'Unlimited', rate: null }))
      .then([]);
  });

  it('a period and rate in dollars', () => {
    given([])
      .when(save({ period: 'Daily', rate: 25.5 }))
      .then([changed({ period: 'Daily', rate: 25.5 })]);
  });

  it.each(['Hourly', 'Monthly', 'Total'] as const)('the period %s', (period) => {
    given([])
      .when(save({ period, rate: 1 }))
      .then([changed({ period, rate: 1 })]);
  });

  it('back to Unlimited is saved with rate null, even when 0 was sent', () => {
    given([changed({ period: 'Daily', rate: 5 })])
      .when(save({ period: 'Unlimited', rate: 0 }))
      .then([changed({ period: 'Unlimited', rate: null })]);
  });

  it('a new rate or a new period each change the limit; the same limit appends nothing', () => {
    given([changed({ period: 'Daily', rate: 5 })])
      .when(save({ period: 'Daily', rate: 6 }))
      .then([changed({ period: 'Daily', rate: 6 })]);
    given([changed({ period: 'Daily', rate: 5 })])
      .when(save({ period: 'Monthly', rate: 5 }))
      .then([changed({ period: 'Monthly', rate: 5 })]);
    given([changed({ period: 'Daily', rate: 5 })])
      .when(save({ period: 'Daily', rate: 5 }))
      .then([]);
  });

  it('a rate of 0 blocks chat for the period: it is a limit, not Unlimited', () => {
    given([])
      .when(save({ period: 'Daily', rate: 0 }))
      .then([changed({ period: 'Daily', rate: 0 })]);
  });

  it('a rate is kept to the cent (0.1 + 0.2 is 0.3)', () => {
    given([])
      .when(save({ period: 'Daily', rate: 0.1 + 0.2 }))
      .then([changed({ period: 'Daily', rate: 0.3 })]);
  });
});
