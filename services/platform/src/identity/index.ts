export * from './session-token';
export * from './authenticator';
export * from './admin-directory';
export * from './identity-plugin';
export * from './auth-routes';
