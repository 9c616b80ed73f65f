/**
 * Where a sign-in through the provider lands: the page the user started from when it is one of the
 * app's own pages that carry meaning in their path (a published assistant, `/assistants/<path>`; a shared conversation, `/share/<shareId>`),
 * else `/`. Anything else — another origin, `//host`, a backslash, an encoded character, a query —
 * is `/`: a sign-in never becomes an open redirect.
 */
export const returnPathAfterSignIn = (value: string | null | undefined): string =>
  typeof value === 'string' &&
  (/^\/assistants\/[A-Za-z0-9_-][A-Za-z0-9_/-]{0,99}$/.test(value) ||
    /^\/share\/[A-Za-z0-9_-]{32}$/.test(value))
    ? value
    : '/';
