/**
 * Spreads a model's requests over its endpoints, in this process: each request starts at the next
 * endpoint (round robin per model) and, should that one fail before answering, goes on to the ones
 * after it, wrapping around.
 */
export interface EndpointPool {
  /** The endpoints in the order this request tries them. */
  order<T>(modelId: string, endpoints: readonly T[]): T[];
}

export const createEndpointPool = (): EndpointPool => {
  const next = new Map<string, number>();
  return {
    order: (modelId, endpoints) => {
      if (endpoints.length === 0) return [];
      const start = (next.get(modelId) ?? 0) % endpoints.length;
      next.set(modelId, (start + 1) % endpoints.length);
      return [...endpoints.slice(start), ...endpoints.slice(0, start)];
    },
  };
};
