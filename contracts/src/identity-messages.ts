/** What sign-in, sessions and the request guards say; both sides use these words. */
export const identityMessages = {
  hostNotServed: (host: string) => `This platform is not served at '${host}'.`,
  originRefused: 'This request came from another site and was refused.',
  /** A NUL character or a broken (lone surrogate) character in a request: no database can store it. */
  unstorableText: (where: string) =>
    `${where} holds a character that cannot be saved (a NUL character or a broken Unicode character).`,
  /** A JSON body that nests objects or arrays deeper than the platform reads. */
  jsonTooDeep: (max: number) => `The request body nests deeper than ${max} levels.`,
  devSignInUnavailable: 'The development sign-in is not offered here.',
  tooManyRequests: (retryAfterSeconds: number) =>
    `Too many requests. Please wait ${retryAfterSeconds} seconds and try again.`,
  tooManySockets: (max: number) =>
    `You already have ${max} live connections open. Close a tab and try again.`,
  sessionsEnded: (email: string, count: number) =>
    `Ended ${count} ${count === 1 ? 'session' : 'sessions'} of ${email}.`,
  /** The web app: its session ended elsewhere (signed out, ended by an admin, expired). */
  sessionEnded: 'Your session has ended. Please sign in again.',
  /** The web app: an admin removed the signed-in user from the admins while the dialog was open. */
  noLongerAdmin: 'You are no longer an admin, so the Admin Interface was closed.',
  /** The web app: the confirmation before an admin ends every session of a user. */
  endSessionsConfirm: (email: string) =>
    `End every session of ${email}? They are signed out on all their devices and must sign in again.`,
  /** GET /metrics with an Authorization header that is not `Bearer <METRICS_TOKEN>`. */
  metricsTokenRefused: 'This metrics token is not accepted.',
  /** Startup refusals. */
  devSignInOnPublicHost: (host: string) =>
    `AUTH_MODE=dev offers a sign-in without a password, so it only listens on a loopback address; HOST is '${host}'. Use AUTH_MODE=oidc (see the README) or HOST=127.0.0.1.`,
  oidcSettingsMissing: (missing: readonly string[]) =>
    `AUTH_MODE=oidc needs ${missing.join(', ')}. Set them (see the README, "Connect an OIDC provider"), or AUTH_MODE=dev on a loopback HOST for development.`,
} as const;
