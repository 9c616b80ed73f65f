/** What sign-in, sessions and the request guards say; both sides use these words. */
export const identityMessages = {
  hostNotServed: (host: string) => `This platform is not served at '${host}'.`,
  originRefused: 'This request came from another site and was refused.',
  devSignInUnavailable: 'The development sign-in is not offered here.',
  tooManyRequests: (retryAfterSeconds: number) =>
    `Too many requests. Please wait ${retryAfterSeconds} seconds and try again.`,
  tooManySockets: (max: number) =>
    `You already have ${max} live connections open. Close a tab and try again.`,
  sessionsEnded: (email: string, count: number) =>
    `Ended ${count} ${count === 1 ? 'session' : 'sessions'} of ${email}.`,
  /** Startup refusals. */
  devSignInOnPublicHost: (host: string) =>
    `AUTH_MODE=dev offers a sign-in without a password, so it only listens on a loopback address; HOST is '${host}'. Use AUTH_MODE=oidc (see the README) or HOST=127.0.0.1.`,
  oidcSettingsMissing: (missing: readonly string[]) =>
    `AUTH_MODE=oidc needs ${missing.join(', ')}. Set them (see the README, "Connect an OIDC provider"), or AUTH_MODE=dev on a loopback HOST for development.`,
} as const;
