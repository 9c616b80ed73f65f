import { sectionsOfTab } from '../../state/section-list';
import { configurationCards } from './cards';
import { SessionsCard } from './sessions-card/SessionsCard';

/**
 * The Configurations tab: one card per section, in the contracts' order (the Amplify Groups table
 * across the whole width), then Sessions (ending a user's sessions, an action of its own outside the
 * configuration cards).
 */
export function ConfigurationsTab() {
  return (
    <div className="cards">
      {sectionsOfTab('configurations').map((type) => {
        const Card = configurationCards[type];
        return <Card key={type} />;
      })}
      <SessionsCard />
    </div>
  );
}
