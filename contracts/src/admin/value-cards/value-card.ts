import { z } from 'zod';

/**
 * A single-value card of the Configurations tab, described once (docs/architecture.md,
 * "Configurations"): the command service, the query service and the web loop over these
 * descriptors (`index.ts`); only a card's decide rules live apart, in the command service.
 */

/** One event of a card: its type, a literal, and the shape of its data as the log holds it. */
export type CardEventSchema = z.ZodObject<{ type: z.ZodLiteral<string>; data: z.ZodType }>;
type CardEventSchemas = readonly [CardEventSchema, ...CardEventSchema[]];

/** The `default` of an evolve's exhaustive switch: an event of a type the card does not know. */
export const unexpectedEvent = (event: never): never => {
  throw new Error(`Unexpected event: ${JSON.stringify(event)}`);
};

/** An event without data: `{}` in the log. */
export const noData = z.record(z.string(), z.never());

/** A plain card's one field, drawn by the web from this alone; the value is the field's text or choice. */
export type CardField =
  | {
      kind: 'text';
      label: string;
      placeholder: string;
      maxLength: number;
      /** Said under the input, and describes it. */
      hint?: string;
    }
  | {
      kind: 'choice';
      /** Names the group of radios. */
      label: string;
      options: readonly { value: string; label: string }[];
    };

/** How the web draws a plain card; a card without one has a component of its own in the web. */
export interface CardForm {
  /** The line under the title, describing the field. */
  lead?: string;
  /** The card shows only while this feature flag is on in the dialog. */
  shownWhileFlag?: string;
  field: CardField;
}

export interface ValueCard<K extends string, S extends z.ZodType, E extends { type: string; data: unknown }> {
  /** The section type: the admin configuration key it stores, as GET /amplifymin/configs names it. */
  key: K;
  /** Its own stream, `config-<key>`. */
  streamId: `config-${K}`;
  /** The card's title, and how save answers name the section. */
  label: string;
  /** What a save must send (and what GET answers). */
  schema: S;
  /** The value before anything was saved. */
  initial: () => z.output<S>;
  /** The types of its events, for the projection's subscription. */
  eventTypes: readonly E['type'][];
  /** The events' shapes as the log holds them: an event that does not fit is set aside, never folded. */
  eventContract: z.ZodType<E>;
  /** How each event changes the value: the decider and the projection fold the log with it alike. */
  evolve(state: z.output<S>, event: E): z.output<S>;
  /** Equal for the server (an unchanged save appends nothing); structural equality unless given. */
  same?(a: z.output<S>, b: z.output<S>): boolean;
  form?: CardForm;
}

/** Any card, for code that goes over all of them (the evolve's types are the card's own). */
export type AnyValueCard = ValueCard<string, z.ZodType, { type: string; data: unknown }>;

/** The events of a card, as its `eventContract` parses them. */
export type EventOf<C> = C extends ValueCard<string, z.ZodType, infer E> ? E : never;

/**
 * A card from its parts: its stream id follows from its key, its event contract and types from its
 * events (one `z.object({ type: z.literal(...), data })` each).
 */
export const defineValueCard = <
  const K extends string,
  S extends z.ZodType,
  const Events extends CardEventSchemas,
>(card: {
  key: K;
  label: string;
  schema: S;
  initial: () => z.output<S>;
  events: Events;
  evolve: (state: z.output<S>, event: z.output<Events[number]>) => z.output<S>;
  same?: (a: z.output<S>, b: z.output<S>) => boolean;
  form?: CardForm;
}): ValueCard<K, S, z.output<Events[number]>> => {
  const { events, ...rest } = card;
  const eventContract = (events.length === 1 ? events[0] : z.discriminatedUnion('type', events)) as z.ZodType<
    z.output<Events[number]>
  >;
  return {
    ...rest,
    streamId: `config-${card.key}`,
    eventTypes: events.map((e) => e.shape.type.value),
    eventContract,
  };
};
