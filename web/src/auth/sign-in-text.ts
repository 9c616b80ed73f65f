import { platformMessages } from '@app/contracts';

/** The sign-in page's own words. */
export const signInText = {
  title: 'Sign in',
  withProvider: (name: string) => `Sign in with ${name}`,
  devLead: 'Development sign-in: enter the email to sign in as.',
  or: 'or',
  loading: 'Loading sign-in options…',
  noMethod: 'No sign-in method is configured on this platform. Ask your administrator.',
  tryAgain: 'Try again',
} as const;

/** The message for `?signInError=<code>` in `search`, or null when there is none. */
export const signInErrorMessage = (search: string): string | null => {
  const code = new URLSearchParams(search).get('signInError');
  if (code === null) return null;
  const messages: Readonly<Record<string, string>> = platformMessages.signInErrors;
  return Object.hasOwn(messages, code) ? (messages[code] ?? null) : platformMessages.signInErrorUnknown;
};

/** `search` without its signInError parameter (what the address bar keeps once it is shown). */
export const withoutSignInError = (search: string): string => {
  const params = new URLSearchParams(search);
  params.delete('signInError');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
};
