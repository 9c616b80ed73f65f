import { useId, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { limits } from '@app/contracts';
import { sections } from '../../../state/sections';
import { CheckField } from '../../../ui/CheckField';
import { TextField } from '../../../ui/TextField';
import { ConfigCard } from '../config-card/ConfigCard';
import { setSupportEmailActive, setSupportEmailAddress, supportEmailProblem } from './support-email';

/** Support Email: an activation checkbox and the contact email; active needs an address. */
export function SupportEmailCard() {
  const value = useAtomValue(sections.emailSupport.value);
  const edit = useSetAtom(sections.emailSupport.edit);
  const problemId = useId();
  const [addressDone, setAddressDone] = useState(false);
  const problem = supportEmailProblem(value, addressDone);

  return (
    <ConfigCard section="emailSupport">
      <p className="muted card-lead">
        Where users can write for help, shown to them while the feature is active.
      </p>
      <CheckField
        className="checkbox"
        label="Activate Support Email"
        checked={value.isActive}
        onChange={(on) => edit((v) => setSupportEmailActive(v, on))}
      />
      <TextField
        label="Contact email"
        className="field"
        type="email"
        autoComplete="off"
        placeholder="support@example.com"
        value={value.email}
        maxLength={limits.emailLength}
        invalid={problem !== null}
        describedBy={problem ? problemId : undefined}
        onChange={(email) => {
          setAddressDone(false);
          edit((v) => setSupportEmailAddress(v, email));
        }}
        onBlur={() => setAddressDone(true)}
      />
      {problem && (
        <p id={problemId} role="alert" className="form-error">
          {problem}
        </p>
      )}
    </ConfigCard>
  );
}
