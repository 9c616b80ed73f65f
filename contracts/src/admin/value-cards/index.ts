import { aiEmailDomainCard } from './ai-email-domain';
import { chatRateLimitCard } from './chat-rate-limit';
import { conversationStorageCard } from './conversation-storage';
import { promptCostAlertCard } from './prompt-cost-alert';
import { supportEmailCard } from './support-email';
import { retentionCard } from './retention';

export * from './value-card';
export * from './support-email';
export * from './ai-email-domain';
export * from './chat-rate-limit';
export * from './conversation-storage';
export * from './prompt-cost-alert';
export * from './retention';

/**
 * The single-value cards of the Configurations tab, in the order the tab shows them: the one list
 * that the sections, the live read models, the command handlers, the projections and readers and
 * the web's section list and cards go over (docs/architecture.md, "Adding a value card").
 */
export const valueCardList = [
  supportEmailCard,
  aiEmailDomainCard,
  chatRateLimitCard,
  conversationStorageCard,
  promptCostAlertCard,
  retentionCard,
] as const;

type Card = (typeof valueCardList)[number];
export type ValueCardKey = Card['key'];
export type ValueCards = { [C in Card as C['key']]: C };

/** Each card by its key. */
export const valueCards = Object.fromEntries(valueCardList.map((card) => [card.key, card])) as ValueCards; // fromEntries cannot say each key has its own card

export const valueCardKeys: readonly ValueCardKey[] = valueCardList.map((card) => card.key);

export const isValueCardKey = (key: string): key is ValueCardKey =>
  (valueCardKeys as readonly string[]).includes(key);

/** Each card's schema by its key, for `sectionSchemas`. */
export const valueCardSchemas = Object.fromEntries(valueCardList.map((card) => [card.key, card.schema])) as {
  [K in ValueCardKey]: ValueCards[K]['schema'];
};

/** Each card's label by its key, for `sectionLabels`. */
export const valueCardLabels = Object.fromEntries(valueCardList.map((card) => [card.key, card.label])) as {
  [K in ValueCardKey]: string;
};
