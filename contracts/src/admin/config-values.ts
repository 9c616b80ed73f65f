/**
 * The single-value cards of the Configurations tab: Support Email, AI Email Domain, Chat Rate
 * Limit, Default User Conversation Storage and Prompt Cost Alert, each described once in
 * `value-cards/` (its section, stream, events and fold).
 */
export * from './value-cards/index';
