import {
  AiEmailDomainEventContract,
  configValueDefaults,
  evolveAiEmailDomain,
  platformMessages,
  type AiEmailDomainEvent,
  type AiEmailDomainSection,
} from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, plainSnapshot, type Decider } from '../shared/decider';

export type AiEmailDomainCommand = { type: 'UpdateAiEmailDomain'; data: { domain: AiEmailDomainSection } };

/** Labels of letters, digits and inner hyphens, at least two of them: 'example.com', 'mail.example.org'. */
const domainPattern = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** 'AI.Example.com', '@ai.example.com ' -> 'ai.example.com'; '' means no domain. */
export const normaliseEmailDomain = (raw: string): string => raw.trim().toLowerCase().replace(/^@/, '');

export const aiEmailDomainDecider: Decider<AiEmailDomainSection, AiEmailDomainCommand, AiEmailDomainEvent> = {
  initialState: configValueDefaults.aiEmailDomain,

  decide: (command, state) => {
    switch (command.type) {
      case 'UpdateAiEmailDomain': {
        const domain = normaliseEmailDomain(command.data.domain);
        if (domain !== '' && !domainPattern.test(domain)) {
          throw new DomainError(platformMessages.invalidEmailDomain(command.data.domain.trim()));
        }
        return domain === state ? [] : [{ type: 'AiEmailDomainChanged', data: { domain } }];
      }
      default:
        return assertNever(command.type);
    }
  },

  evolve: evolveAiEmailDomain,
  // The projection's contract: a stored event that does not fit is left out of the fold.
  contract: AiEmailDomainEventContract,
  snapshot: plainSnapshot('aiEmailDomain/2', (j) => typeof j === 'string'),
};
