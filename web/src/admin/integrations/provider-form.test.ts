import { describe, expect, it } from 'vitest';
import { maskOf, type AdminProvider } from '@app/contracts';
import { canRegister, formOf, isEdited, registrationOf } from './provider-form';

const provider: AdminProvider = {
  provider: 'microsoft',
  label: 'Office 365',
  client_id: 'id',
  client_secret: maskOf('ABCD'),
  tenant_id: 'common',
  hasSecrets: true,
  items: [],
};

describe('a provider form', () => {
  it('is not edited as loaded; any field changes that', () => {
    const form = formOf(provider);
    expect(isEdited(form, provider)).toBe(false);
    expect(isEdited({ ...form, tenantId: 'contoso' }, provider)).toBe(true);
    expect(isEdited({ ...form, clientSecret: 'new' }, provider)).toBe(true);
  });

  it('registers the mask back (kept) with the fields trimmed; needs an id and a secret', () => {
    const form = { ...formOf(provider), clientId: ' id2 ' };
    expect(registrationOf(provider, form)).toEqual({
      integration: 'microsoft',
      client_id: 'id2',
      client_secret: maskOf('ABCD'),
      tenant_id: 'common',
    });
    expect(canRegister({ clientId: ' ', clientSecret: 'x', tenantId: '' })).toBe(false);
    expect(canRegister({ clientId: 'a', clientSecret: '', tenantId: '' })).toBe(false);
  });
});
