export * from './retention-section';
export * from './conversation-expiry';
