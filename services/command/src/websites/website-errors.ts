import { websiteMessages } from '@app/contracts';
import { OutboundError, OutboundRefusedError } from '@app/platform/errors';

/**
 * Why a website or sitemap could not be taken, in words a user reads: a route answers it with its
 * status (422: the address was fine, what it answered was not), a job records it as the file's
 * failure (`reason` for the log, `message` for the user).
 */
export class WebsiteFetchError extends Error {
  readonly statusCode = 422;
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'WebsiteFetchError';
  }
}

/** The guarded client's failure as a WebsiteFetchError (its messages name the host, never a body). */
export const websiteErrorOf = (e: unknown): WebsiteFetchError => {
  if (e instanceof WebsiteFetchError) return e;
  if (e instanceof OutboundRefusedError) {
    if (/credentials/.test(e.message))
      return new WebsiteFetchError('credentials', websiteMessages.credentials);
    if (/ address, not listed/.test(e.message))
      return new WebsiteFetchError('refused', websiteMessages.notPublic);
    return new WebsiteFetchError('refused', websiteMessages.unreachable(e.message));
  }
  if (e instanceof OutboundError) {
    if (/larger than/.test(e.message)) return new WebsiteFetchError('too-large', websiteMessages.tooLarge);
    if (/timed out/.test(e.message)) return new WebsiteFetchError('timed-out', websiteMessages.timedOut);
    return new WebsiteFetchError('unreachable', websiteMessages.unreachable(e.message));
  }
  if (e instanceof Error && (e.name === 'AbortError' || e.name === 'TimeoutError'))
    return new WebsiteFetchError('timed-out', websiteMessages.timedOut);
  throw e;
};
