export * from './oidc-config';
export * from './flow-cookie';
export * from './email-claim';
export * from './describe-error';
export * from './oidc-routes';
