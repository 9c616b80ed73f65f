export { expireConversations, type ExpiryRun } from './expire-conversations';
export { currentRetention, heldEmails } from './retention-settings';
