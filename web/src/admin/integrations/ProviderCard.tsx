import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { integrationMessages, type AdminProvider, type IntegrationItem } from '@app/contracts';
import { changeIntegrationSupport, registerIntegrationSecret } from '../../api/integrations';
import { pushToastAtom } from '../../state/toasts';
import { SecretInput } from '../../ui/secret-input/SecretInput';
import { canRegister, formOf, isEdited, registrationOf, type ProviderForm } from './provider-form';
import { TextField } from '../../ui/TextField';

export interface ProviderCardProps {
  provider: AdminProvider;
  /** Reads the providers again after a change. */
  onChanged: () => Promise<void>;
}

/**
 * A provider of the Integrations tab: Client ID, Client Secret and Tenant ID; 'Register Integration'
 * once edited; each item's Support / Remove Support toggle once both id and secret are registered.
 */
export function ProviderCard({ provider, onChanged }: ProviderCardProps) {
  const toast = useSetAtom(pushToastAtom);
  const [form, setForm] = useState<ProviderForm>(() => formOf(provider));
  const [busy, setBusy] = useState(false);
  const edit = (change: Partial<ProviderForm>) => setForm((f) => ({ ...f, ...change }));

  const register = async () => {
    setBusy(true);
    try {
      await registerIntegrationSecret(registrationOf(provider, form));
      toast({ tone: 'success', message: integrationMessages.registered });
      await onChanged();
    } catch {
      toast({ tone: 'error', message: integrationMessages.registerFailed });
    } finally {
      setBusy(false);
    }
  };

  const toggle = async (item: IntegrationItem) => {
    setBusy(true);
    try {
      toast({ tone: 'success', message: await changeIntegrationSupport(item.id, !item.isAvailable) });
      await onChanged();
    } catch {
      toast({ tone: 'error', message: integrationMessages.supportFailed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card integration-provider" aria-label={provider.label}>
      <h3 className="card-title">{provider.label}</h3>
      <div className="integration-provider-fields">
        <TextField
          label="Client ID"
          labelClassName=""
          value={form.clientId}
          maxLength={500}
          autoComplete="off"
          onChange={(clientId) => edit({ clientId })}
        />
        <span>Client Secret</span>
        <SecretInput
          label={`Client Secret of ${provider.label}`}
          value={form.clientSecret}
          onChange={(clientSecret) => edit({ clientSecret })}
          onReveal={() => Promise.reject(new Error(integrationMessages.secretNotShown))}
        />
        <TextField
          label="Tenant ID"
          labelClassName=""
          value={form.tenantId}
          maxLength={100}
          autoComplete="off"
          onChange={(tenantId) => edit({ tenantId })}
        />
      </div>
      {isEdited(form, provider) && (
        <div>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || !canRegister(form)}
            onClick={() => void register()}
          >
            Register Integration
          </button>
        </div>
      )}
      <ul className="integration-items">
        {provider.items.map((item) => (
          <li key={item.id} className="integration-item">
            <div>
              <strong>{item.name}</strong>
              <p className="integration-item-description">{item.description}</p>
            </div>
            {provider.hasSecrets && (
              <button
                type="button"
                className={item.isAvailable ? 'btn' : 'btn btn-primary'}
                disabled={busy}
                aria-label={`${item.isAvailable ? 'Remove Support' : 'Support'} ${item.name}`}
                onClick={() => void toggle(item)}
              >
                {item.isAvailable ? 'Remove Support' : 'Support'}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
