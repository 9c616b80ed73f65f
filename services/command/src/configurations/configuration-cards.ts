import {
  amplifyGroupsStreamId,
  valueCardKeys,
  type EventMetadata,
  type SectionData,
  type ValueCardKey,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { aiEmailDomainDecider } from './ai-email-domain';
import { amplifyGroupsDecider } from './amplify-groups';
import { chatRateLimitDecider } from './chat-rate-limit';
import { conversationStorageDecider } from './conversation-storage';
import { promptCostAlertDecider } from './prompt-cost-alert';
import { retentionDecider } from './retention';
import { supportEmailDecider } from './support-email';
import { handleCommand, type CommandOutcome } from '../shared/handle-command';

type Options = { metadata: EventMetadata; expectedVersion?: number };
type Handler<K extends keyof SectionData> = (
  db: Db,
  data: SectionData[K],
  o: Options,
) => Promise<CommandOutcome>;

/**
 * The decide rules of each value card (contracts' `value-cards/`), keyed by card: a card the
 * contracts list without rules here fails the typecheck.
 */
const valueCardDeciders: { [K in ValueCardKey]: { save: Handler<K> } } = {
  emailSupport: supportEmailDecider,
  aiEmailDomain: aiEmailDomainDecider,
  rateLimit: chatRateLimitDecider,
  defaultConversationStorage: conversationStorageDecider,
  promtCostAlert: promptCostAlertDecider,
  retention: retentionDecider,
};

const valueCardHandlers = Object.fromEntries(
  valueCardKeys.map((key) => [key, valueCardDeciders[key].save]),
) as { [K in ValueCardKey]: Handler<K> }; // fromEntries cannot say each key has its own handler

/**
 * The Configurations tab's cards besides Admins, each its own command on its own stream. A new
 * Amplify group's `createdBy` is the actor of the command (the signed-in admin), never sent data.
 */
export const configurationCardHandlers: { [K in ValueCardKey | 'amplifyGroups']: Handler<K> } = {
  ...valueCardHandlers,
  amplifyGroups: (db, groups, o) =>
    handleCommand(
      db,
      amplifyGroupsDecider,
      amplifyGroupsStreamId,
      { type: 'UpdateAmplifyGroups', data: { groups, actor: o.metadata.actor.email } },
      o,
    ),
};
