import { AssistantAdminGroupsCard } from './AssistantAdminGroupsCard';
import { PowerPointTemplatesCard } from './PowerPointTemplatesCard';
import { UploadDocumentsCard } from './UploadDocumentsCard';
import './feature-data.css';

/** The Feature Data tab: Upload Documents, Assistant Admin Groups, PowerPoint Templates. */
export default function FeatureDataTab() {
  return (
    <div className="cards feature-data">
      <UploadDocumentsCard />
      <AssistantAdminGroupsCard />
      <PowerPointTemplatesCard />
    </div>
  );
}
