import type { RateLimitPeriod } from '../admin/rate-limit';

const dollars = (n: number) => `$${n.toFixed(2)}`;
const periodWord: Record<Exclude<RateLimitPeriod, 'Unlimited'>, string> = {
  Hourly: 'hourly',
  Daily: 'daily',
  Monthly: 'monthly',
  Total: 'total',
};

/** Chat's messages, shown to users word for word. */
export const chatMessages = {
  /** A status other than 200 without an error text. */
  communicationError: 'Error communicating with the server. Please try again in a minute.',
  /** The relay's texts. */
  errorCalling: (call: string, statusText: string) => `Error calling ${call}: ${statusText}`,
  networkError: (call: string) => `Network Error calling ${call}`,
  parseError: (call: string) => `Error parsing response from ${call}`,
  modelUnavailable: (model: string) => `The model '${model}' is not available to you.`,
  noEndpoints: (model: string) =>
    `The model '${model}' has no endpoint configured. Ask an administrator to add one in the OpenAi Endpoints tab.`,
  providerFailed: (model: string, reason: string) => `The model '${model}' could not answer: ${reason}`,
  /** Why a provider call failed, in our words (never the remote body, an address or a key). */
  providerReasons: {
    status: (code: number) => `its endpoint answered HTTP ${code}`,
    unreachable: 'its endpoint could not be reached',
    keyUnavailable: 'the key of its endpoint could not be opened',
    interrupted: 'the answer was interrupted',
    unknown: 'the call failed',
  },
  /** The relay's status line while it asks the model (`st.summary`). */
  askingModel: (name: string) => `Asking ${name}`,
  /** An endpoint failed before the first token; the request goes on at the model's next endpoint. */
  endpointFailedTryingNext: (reason: string) => `An endpoint failed (${reason}); asking the next one.`,
  /** The limit reached, how much was spent and when it resets. */
  limitReached: (
    limit: string,
    period: Exclude<RateLimitPeriod, 'Unlimited'>,
    rate: number,
    spent: number,
    resetsAt: Date | null,
  ) =>
    `${limit}: the ${periodWord[period]} limit of ${dollars(rate)} would be passed (${dollars(spent)} spent). ` +
    (resetsAt ? `It resets at ${resetsAt.toISOString().replace('.000Z', 'Z')}.` : 'It does not reset.'),
  userLimitName: 'Your chat rate limit',
  groupLimitName: (group: string) => `The limit of the group ${group}`,
  accountLimitName: (account: string) => `The limit of the account ${account}`,
  requestIdInUse: 'This requestId was already used. Send the request with a new one.',
  /** A stop for a request that is not the caller's, or not running: the same words, so nothing leaks. */
  noSuchRequest: 'There is no running request with this id of yours.',
  stopped: 'The request was stopped.',
  /** Why an answer was stopped (`{s:'meta', stopped}`, ChatStopped's reason), shown under it. */
  stopReasons: {
    user: 'The request was stopped.',
    maxTokens: 'The answer reached its max_tokens and was stopped.',
    reservation: 'The answer reached the spend reserved for it and was stopped.',
  },
  stopRequested: 'Stopping the request.',
  /** A chat request naming an account (`options.accountId`) the caller does not have: a 400. */
  unknownAccount: (id: string) => `There is no account '${id}' of yours.`,
  /** A conversation that is not the caller's, or not known: the same words, so nothing leaks. */
  noSuchConversation: (id: string) => `There is no conversation '${id}' of yours.`,
} as const;
