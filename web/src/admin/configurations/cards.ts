import { createElement, type ComponentType } from 'react';
import { valueCardList, type AnyValueCard, type ValueCardKey } from '@app/contracts';
import type { SectionsOfTab } from '../../state/section-list';
import { AdminsCard } from './admins-card/AdminsCard';
import { AmplifyGroupsCard } from './amplify-groups-card/AmplifyGroupsCard';
import { ChatRateLimitCard } from './chat-rate-limit-card/ChatRateLimitCard';
import { PromptCostAlertCard } from './prompt-cost-alert-card/PromptCostAlertCard';
import { RetentionCard } from './retention-card/RetentionCard';
import { SupportEmailCard } from './support-email-card/SupportEmailCard';
import { PlainValueCard, type PlainCardKey } from './value-card/PlainValueCard';

/** The value cards drawn by a component of their own: those whose description has no plain form. */
const ownValueCards: Partial<Record<ValueCardKey, ComponentType>> = {
  emailSupport: SupportEmailCard,
  rateLimit: ChatRateLimitCard,
  promtCostAlert: PromptCostAlertCard,
  retention: RetentionCard,
};

/** A value card's component: its own, or the plain card drawn from its form. */
const valueCardComponent = (card: AnyValueCard & { key: ValueCardKey }): ComponentType => {
  const own = ownValueCards[card.key];
  const { form } = card;
  if (own) return own;
  if (!form) throw new Error(`The value card ${card.key} has neither a form nor a component of its own`);
  const Plain = () => createElement(PlainValueCard, { section: card.key as PlainCardKey, form });
  Plain.displayName = `PlainValueCard(${card.key})`;
  return Plain;
};

const valueCardComponents = Object.fromEntries(
  valueCardList.map((card) => [card.key, valueCardComponent(card)]),
) as Record<ValueCardKey, ComponentType>; // fromEntries cannot say it has every key

/**
 * The card of each section whose `tab` is the Configurations tab (`state/section-list.ts`): a
 * section placed there without a card here fails the typecheck.
 */
export const configurationCards: { [K in SectionsOfTab<'configurations'>]: ComponentType } = {
  admins: AdminsCard,
  ...valueCardComponents,
  amplifyGroups: AmplifyGroupsCard,
};
