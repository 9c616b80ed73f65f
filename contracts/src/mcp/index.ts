export * from './mcp-server';
export * from './mcp-http';
export * from './mcp-view';
export * from './mcp-chat';
export * from './mcp-user-view';
export * from './mcp-edit';
