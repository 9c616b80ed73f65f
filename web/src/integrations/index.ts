/** Integrations in the web: the chat's button, and whether the Admin Interface's list has loaded. */
export { IntegrationsButton } from './IntegrationsButton';
export { useAdminIntegrationsLoaded } from './use-admin-integrations-loaded';
