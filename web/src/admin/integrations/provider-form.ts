import type { AdminProvider, RegisterSecretRequest } from '@app/contracts';

/** What the admin edits of a provider: the three fields, the secret as the mask until replaced. */
export interface ProviderForm {
  clientId: string;
  clientSecret: string;
  tenantId: string;
}

export const formOf = (provider: AdminProvider): ProviderForm => ({
  clientId: provider.client_id,
  clientSecret: provider.client_secret,
  tenantId: provider.tenant_id,
});

/** Whether the form differs from what is registered ('Register Integration' appears then). */
export const isEdited = (form: ProviderForm, provider: AdminProvider): boolean => {
  const saved = formOf(provider);
  return (
    form.clientId !== saved.clientId ||
    form.clientSecret !== saved.clientSecret ||
    form.tenantId !== saved.tenantId
  );
};

/** The registration request (the mask sent back keeps the registered secret). */
export const registrationOf = (provider: AdminProvider, form: ProviderForm): RegisterSecretRequest => ({
  integration: provider.provider,
  client_id: form.clientId.trim(),
  client_secret: form.clientSecret,
  tenant_id: form.tenantId.trim(),
});

/** Whether the form can be registered: a client id and a secret (typed, or the registered one). */
export const canRegister = (form: ProviderForm): boolean =>
  form.clientId.trim() !== '' && form.clientSecret !== '';
