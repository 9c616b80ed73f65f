import { checkUrl } from '@app/contracts';

/** What the add-website form shows for what was typed, and whether it may be sent. */
export interface WebsiteFormCheck {
  /** The URL check's message (word for word) once the user has typed or tried to submit. */
  error: string | null;
  /** Sitemap mode: the URL does not look like a sitemap; shown, and the URL is still accepted. */
  warning: string | null;
  /** The URL as it will be sent (normalised by the check), or null while it breaks a rule. */
  url: string | null;
}

/**
 * The form's validation state (the URL check of contracts' `documents/url-check.ts`): nothing is
 * said about an empty,
 * untouched input; once `touched` (typed in, or a submit tried), the first rule broken is shown.
 */
export const checkWebsiteForm = (typed: string, sitemap: boolean, touched: boolean): WebsiteFormCheck => {
  const result = checkUrl(typed, { sitemap });
  if (!result.ok) return { error: touched ? result.message : null, warning: null, url: null };
  return { error: null, warning: result.warning ?? null, url: result.url };
};

/** Ours: what the form says once the server took the address. */
export const websiteFormText = {
  added: (files: number) => (files === 1 ? 'Added 1 document.' : `Added ${files} documents.`),
} as const;
