import { useId, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { limits } from '@app/contracts';
import { sections } from '../../../state/sections';
import { ConfigCard } from '../config-card/ConfigCard';
import { setSupportEmailActive, setSupportEmailAddress, supportEmailProblem } from './support-email';

/** Support Email: an activation checkbox and the contact email; active needs an address. */
export function SupportEmailCard() {
  const value = useAtomValue(sections.emailSupport.value);
  const edit = useSetAtom(sections.emailSupport.edit);
  const emailId = useId();
  const problemId = useId();
  const [addressDone, setAddressDone] = useState(false);
  const problem = supportEmailProblem(value, addressDone);

  return (
    <ConfigCard section="emailSupport">
      <p className="muted card-lead">
        Where users can write for help, shown to them while the feature is active.
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={value.isActive}
          onChange={(e) => edit((v) => setSupportEmailActive(v, e.target.checked))}
        />
        Activate Support Email
      </label>
      <div className="field">
        <label htmlFor={emailId} className="field-label">
          Contact email
        </label>
        <input
          id={emailId}
          className="input"
          type="email"
          autoComplete="off"
          placeholder="support@example.com"
          value={value.email}
          maxLength={limits.emailLength}
          aria-invalid={problem !== null}
          aria-describedby={problem ? problemId : undefined}
          onChange={(e) => {
            setAddressDone(false);
            edit((v) => setSupportEmailAddress(v, e.target.value));
          }}
          onBlur={() => setAddressDone(true)}
        />
      </div>
      {problem && (
        <p id={problemId} role="alert" className="form-error">
          {problem}
        </p>
      )}
    </ConfigCard>
  );
}
