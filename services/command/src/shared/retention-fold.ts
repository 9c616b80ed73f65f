import { retentionCard, type RetentionEvent, type RetentionSection } from '@app/contracts';

/**
 * The Retention section's fold, the card's own (contracts' `value-cards/retention.ts`): what the
 * expiry and the chat stream stores read the section with (its saves go through the decider in
 * `configurations/retention.ts`, which folds the same way).
 */
export const retentionFold = {
  initialState: retentionCard.initial,
  evolve: (state: RetentionSection, event: RetentionEvent) => retentionCard.evolve(state, event),
  contract: retentionCard.eventContract,
};
