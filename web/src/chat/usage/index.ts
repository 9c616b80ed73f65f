/** A user's own usage, from the account menu. */
export { UsageButton } from './UsageButton';
