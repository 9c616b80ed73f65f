import { ComingSoon } from '../shell/ComingSoon';
import { PowerPointTemplatesCard } from './PowerPointTemplatesCard';
import { UploadDocumentsCard } from './UploadDocumentsCard';
import './feature-data.css';

/** The Feature Data tab: Upload Documents, Assistant Admin Groups (to come), PowerPoint Templates. */
export default function FeatureDataTab() {
  return (
    <div className="cards feature-data">
      <UploadDocumentsCard />
      <ComingSoon
        title="Assistant Admin Groups"
        items={[
          'Create the Amplify Assistants group from built-in assistants',
          'Add a copy of an assistant to it',
          'The groups table',
        ]}
      />
      <PowerPointTemplatesCard />
    </div>
  );
}
