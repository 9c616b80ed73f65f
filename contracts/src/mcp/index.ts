export * from './mcp-server';
export * from './mcp-view';
