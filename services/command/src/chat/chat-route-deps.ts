import type { Db, OutboundClient, SecretBox } from '@app/platform';
import type { SpendGuard } from '../spend/index';
import type { EndpointPool, OpenedEndpoints } from '../models/index';
import type { RunningChats } from './running-chats';
import type { ChatRetriever } from './retrieval';
import type { ChatStreamStore, StopBus } from './streams/ports';
import type { StateCache } from '../shared/state-cache';
import type { ChatImageReader } from './chat-images';
import type { McpConnector } from '../mcp/index';

export interface ChatServiceOptions {
  db: Db;
  /** Opens the endpoints' sealed keys (and urls with credentials). */
  secrets: SecretBox;
  /** Every provider call goes through it (its streaming `fetch`). */
  outbound: OutboundClient;
  /** Keeps every chunk sent, so a reload can resume the stream. */
  streams: ChatStreamStore;
  /** Kill switches, heard by every instance. */
  stopBus: StopBus;
  /** Reserves the worst case before the provider call, settles the actual cost after. */
  spend: SpendGuard;
  /** A `: keep-alive` comment after this long without a chunk (default 10 s). */
  keepAliveMs?: number;
  /** At shutdown, how long the running generations get to record their end (default 5 s). */
  shutdownWaitMs?: number;
  /** Passages of the caller's documents for requests with `dataSources` (without: documents are ignored). */
  retrieval?: ChatRetriever;
  /** The guarded client of users' addresses: an assistant's ops are called through it (none: no tools). */
  userUrls?: OutboundClient;
  /** Reads the caller's images a request sends (the object store); none: images are refused. */
  images?: ChatImageReader;
  /** MCP servers' guarded client (MCP_ALLOW): the tools users turn on are called through it (none: no MCP tools). */
  mcp?: McpConnector;
}

/** What the chat service is given (`ChatServiceOptions`), and what it keeps for its requests. */
export interface ChatRouteDeps extends Omit<ChatServiceOptions, 'keepAliveMs' | 'shutdownWaitMs'> {
  keepAliveMs: number;
  pool: EndpointPool;
  /** Endpoints opened lately (models/opened-endpoints.ts). */
  opened: OpenedEndpoints;
  running: RunningChats;
  /** The configuration and user streams a request reads, kept between requests. */
  cache: StateCache;
}
