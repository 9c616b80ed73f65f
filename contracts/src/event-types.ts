/**
 * The types of the event union `E`, in the order written. `types` names every type of `E` once and
 * nothing else (an object literal with a missing or an unknown key does not compile), so whoever
 * listens to these types hears an event type added to `E` later too.
 */
export const eventTypesOf = <E extends { type: string }>(
  types: Record<E['type'], true>,
): readonly E['type'][] => Object.keys(types);
