/** The chat relay's public face (docs/architecture.md, "Chat"): other routes over the same relay. */
export { chatService, type ChatServiceOptions, type RelayRoutes } from './chat-service';
export type { ChatRouteDeps } from './chat-route-deps';
export { relayChat, type ChatCall, type OpenChatSink } from './relay';
export { ChatRefusal, modelsOpenTo, retryAfterSeconds } from './resolve-chat';
export { defaultFrameMs, openSse, type ChatSse, type SseFormat } from './sse';
export { parseChatPost, describeIssues } from './chat-body';
export type { ChatStreamWriter } from './streams/ports';
export type { ClientTools } from './generation-request';
export type { LoadedImage, LoadedImages } from './chat-images';
