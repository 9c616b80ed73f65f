export * from './mcp-server';
