import { describe, it } from 'vitest';
import { platformMessages, type AiEmailDomainEvent } from '@app/contracts';
import { aiEmailDomainDecider } from '../../src/configurations/ai-email-domain';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(aiEmailDomainDecider);
const changed = (domain: string): AiEmailDomainEvent => ({ type: 'AiEmailDomainChanged', data: { domain } });
const save = (domain: string) => ({ type: 'UpdateAiEmailDomain' as const, data: { domain } });

describe('AI email domain decider', () => {
  it('a domain is saved trimmed and lower-cased, a leading @ dropped', () => {
    given([])
      .when(save(' AI.Example.com '))
      .then([changed('ai.example.com')]);
    given([])
      .when(save('@mail.example.org'))
      .then([changed('mail.example.org')]);
  });

  it('the same domain again appends nothing; the default is none', () => {
    given([changed('ai.example.com')])
      .when(save('AI.example.com'))
      .then([]);
    given([]).when(save('')).then([]);
  });

  it('the domain can be cleared', () => {
    given([changed('ai.example.com')])
      .when(save('  '))
      .then([changed('')]);
  });

  it.each(['not a domain', 'example', 'exa_mple.com', '-example.com', 'example..com', 'ann@example.com'])(
    "'%s' is refused",
    (domain) => {
      given([]).when(save(domain)).thenThrows(platformMessages.invalidEmailDomain(domain));
    },
  );
});
