import type { OutboundClient } from '@app/platform';

/** The request was not accepted: whatever waited at the gate is refused, nothing was sent. */
export class NotAccepted extends Error {
  constructor() {
    super('the chat request was not accepted');
    this.name = 'NotAccepted';
  }
}

export interface GatedOutbound {
  /** The outbound client whose calls wait at the gate. */
  client: OutboundClient;
  /** The request is accepted (recorded, its spend reserved): the calls that waited go out. */
  open(): void;
  /** The request is refused: the calls that waited fail with NotAccepted, none is sent. */
  shut(): void;
}

/**
 * One chat request's outbound client, held shut until its acceptance is decided: the provider call
 * can be prepared (the endpoint's key opened, the request built by the AI SDK) while the request is
 * recorded and its spend reserved, and still nothing reaches the provider before it is accepted.
 */
export const gatedOutbound = (outbound: OutboundClient): GatedOutbound => {
  let open!: () => void;
  let shut!: (e: Error) => void;
  const gate = new Promise<void>((resolve, reject) => {
    open = resolve;
    shut = reject;
  });
  // A gate shut with nothing waiting at it is no failure.
  gate.catch(() => undefined);
  return {
    client: {
      request: async (url, init) => {
        await gate;
        return outbound.request(url, init);
      },
      fetch: async (url, init) => {
        await gate;
        return outbound.fetch(url, init);
      },
      // The client is the platform's: closed with it, not with one request.
      close: () => Promise.resolve(),
    },
    open: () => open(),
    shut: () => shut(new NotAccepted()),
  };
};
