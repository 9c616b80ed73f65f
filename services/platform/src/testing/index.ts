export * from './test-database';
export * from './model-server';
export * from './chat-model-config';
export * from './hashed-embedding';
export { createTemplateDatabase, dropTemplateDatabase, TEST_TEMPLATE_VARIABLE } from './template-database';
export * from './statement-counter';
