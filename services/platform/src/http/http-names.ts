/** The names of this machine a Host header, a HOST setting or an Origin may use. */
export const loopbackHostNames: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The methods that change something: Origin-checked with a cookie, and rate-limited per user. */
export const stateChangingMethods: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
