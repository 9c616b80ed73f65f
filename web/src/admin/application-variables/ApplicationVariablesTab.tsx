import { adminMessages } from '@app/contracts';
import { NamedValuesCard } from './NamedValuesCard';
import './application-variables.css';

/** The Application Variables tab: Application Secrets and Application Environment Variables. */
export default function ApplicationVariablesTab() {
  return (
    <div className="application-variables">
      <NamedValuesCard type="applicationSecrets" noun="secret" emptyMessage={adminMessages.noAppSecrets} />
      <NamedValuesCard
        type="applicationVariables"
        noun="variable"
        emptyMessage={adminMessages.noAppVariables}
      />
    </div>
  );
}
