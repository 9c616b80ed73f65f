export * from './retention-section';
export * from './retention-card-messages';
export * from './conversation-expiry';
