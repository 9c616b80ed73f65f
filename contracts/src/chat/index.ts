export * from './chat-request';
export * from './chat-stream';
export * from './chat-events';
export * from './chat-messages';
export * from './model-tiers';
export * from './spend-periods';
export * from './accounts';
