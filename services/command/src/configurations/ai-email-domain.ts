import { aiEmailDomainCard, platformMessages, type AiEmailDomainSection } from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { valueCardDecider } from './value-card-decider';

export type AiEmailDomainCommand = { type: 'UpdateAiEmailDomain'; data: { domain: AiEmailDomainSection } };

/** Labels of letters, digits and inner hyphens, at least two of them: 'example.com', 'mail.example.org'. */
const domainPattern = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** 'AI.Example.com', '@ai.example.com ' -> 'ai.example.com'; '' means no domain. */
export const normaliseEmailDomain = (raw: string): string => raw.trim().toLowerCase().replace(/^@/, '');

export const aiEmailDomainDecider = valueCardDecider(aiEmailDomainCard, {
  snapshot: 'aiEmailDomain/2',
  command: (domain): AiEmailDomainCommand => ({ type: 'UpdateAiEmailDomain', data: { domain } }),
  decide: (command, state) => {
    const domain = normaliseEmailDomain(command.data.domain);
    if (domain !== '' && !domainPattern.test(domain)) {
      throw new DomainError(platformMessages.invalidEmailDomain(command.data.domain.trim()));
    }
    return domain === state ? [] : [{ type: 'AiEmailDomainChanged', data: { domain } }];
  },
});
