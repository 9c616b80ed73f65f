import { useId } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { aiEmailDomainFlag, limits } from '@app/contracts';
import { sections } from '../../../state/sections';
import { ConfigCard } from '../config-card/ConfigCard';
import { showsAiEmailDomain } from './ai-email-domain';

/** AI Email Domain: the domain of the assistants' email addresses, while assistantEmailEvents is on. */
export function AiEmailDomainCard() {
  const flags = useAtomValue(sections.featureFlags.value);
  const domain = useAtomValue(sections.aiEmailDomain.value);
  const edit = useSetAtom(sections.aiEmailDomain.edit);
  const inputId = useId();
  const hintId = useId();
  if (!showsAiEmailDomain(flags)) return null;

  return (
    <ConfigCard section="aiEmailDomain">
      <div className="field">
        <label htmlFor={inputId} className="field-label">
          Email domain
        </label>
        <input
          id={inputId}
          className="input"
          type="text"
          autoComplete="off"
          placeholder="example.com"
          value={domain}
          maxLength={limits.domainLength}
          aria-describedby={hintId}
          onChange={(e) => edit(() => e.target.value)}
        />
        <p id={hintId} className="field-hint">
          Shown because the feature flag {aiEmailDomainFlag} is on. Leave empty for none.
        </p>
      </div>
    </ConfigCard>
  );
}
