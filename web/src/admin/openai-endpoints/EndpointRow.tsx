import {
  isMaskedUrl,
  maxEndpointKeyLength,
  maxEndpointUrlLength,
  platformMessages,
  type OpenAiEndpoint,
} from '@app/contracts';
import { SecretInput } from '../../ui/secret-input/SecretInput';

export interface EndpointRowProps {
  endpoint: OpenAiEndpoint;
  /** 1-based, for the labels. */
  position: number;
  selected: boolean;
  onToggle: () => void;
  onChange: (patch: { url?: string; key?: string }) => void;
  /** Fetches the saved key in clear; null for an endpoint not saved yet. */
  reveal: (() => Promise<string>) | null;
  /** The id of the hint that says when the key may be left empty (new endpoints). */
  keyHintId?: string;
}

const notSaved = () => Promise.reject(new Error('This key is not saved yet.'));

/** One url and key pair: a new one is edited here, a saved one is shown (its key, and credentials in its url, masked). */
export function EndpointRow({
  endpoint,
  position,
  selected,
  onToggle,
  onChange,
  reveal,
  keyHintId,
}: EndpointRowProps) {
  const isNew = endpoint.isNew === true;
  return (
    <tr className={isNew ? 'endpoint-row is-new' : 'endpoint-row'}>
      <td className="endpoint-select">
        <input
          type="checkbox"
          aria-label={`Select endpoint ${position}`}
          checked={selected}
          onChange={onToggle}
        />
      </td>
      <td>
        <input
          className="input endpoint-url"
          type="url"
          aria-label={`Url of endpoint ${position}`}
          value={endpoint.url}
          readOnly={!isNew}
          title={!isNew && isMaskedUrl(endpoint.url) ? platformMessages.urlCredentialsMasked : undefined}
          maxLength={maxEndpointUrlLength}
          placeholder="https://…/chat/completions"
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => onChange({ url: e.target.value })}
        />
      </td>
      <td>
        <SecretInput
          label={`Key of endpoint ${position}`}
          value={endpoint.key}
          placeholder={isNew ? platformMessages.endpointKeyPlaceholder : platformMessages.endpointNoKey}
          {...(isNew && keyHintId ? { describedBy: keyHintId } : {})}
          readOnly={!isNew}
          onChange={(key) => onChange({ key: key.slice(0, maxEndpointKeyLength) })}
          onReveal={reveal ?? notSaved}
        />
      </td>
      <td className="endpoint-status">{isNew && <span className="badge badge-new">New</span>}</td>
    </tr>
  );
}
