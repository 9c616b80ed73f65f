import { costTierLegend, outputLimitLegend } from '@app/contracts';
import { Modal } from '../../ui/Modal';
import { CloseActions } from '../../ui/DialogActions';

const costTiers = Object.entries(costTierLegend);
const outputTiers = Object.entries(outputLimitLegend);

/** The legend popup: what each cost tier and each output-limit tier means. */
export function TierLegend({ onClose }: { onClose: () => void }) {
  return (
    <Modal label="Model tiers" onDismiss={onClose} className="chat-legend">
      <h2 className="modal-title">Model tiers</h2>
      <h3 className="chat-legend-heading">Cost</h3>
      <dl className="chat-legend-list">
        {costTiers.map(([tier, meaning]) => (
          <div key={tier}>
            <dt className={`chat-tier chat-tier-${tier}`}>{tier}</dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
      <h3 className="chat-legend-heading">Output limit</h3>
      <dl className="chat-legend-list">
        {outputTiers.map(([tier, meaning]) => (
          <div key={tier}>
            <dt className="chat-tier">{tier}</dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
      <CloseActions onClose={onClose} />
    </Modal>
  );
}
