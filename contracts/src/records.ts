/**
 * Maps keyed by names people typed, built without a prototype: '__proto__' or 'constructor' are then
 * ordinary keys (never the object's prototype, never an inherited member), so no name vanishes from
 * a map and no name seems present in every one. Read them with `ownValue` (Object.hasOwn), never `in`.
 */
export type NameMap<T> = Record<string, T>;

/** An empty map without a prototype. */
export const emptyNameMap = <T>(): NameMap<T> => Object.create(null) as NameMap<T>;

/** A map without a prototype holding `entries`, in order (a later entry of the same name wins). */
export const nameMapFrom = <T>(entries: Iterable<readonly [string, T]>): NameMap<T> => {
  const map = emptyNameMap<T>();
  for (const [name, value] of entries) map[name] = value;
  return map;
};

/**
 * A copy of `map` without a prototype. Object.assign sets each own key with [[Set]]: on an object
 * without a prototype there is no inherited '__proto__' setter, so that key is copied as a key.
 */
const copyOf = <T>(map: Readonly<NameMap<T>>): NameMap<T> => Object.assign(emptyNameMap<T>(), map);

/** A copy of `map` with `name` set to `value`. */
export const nameMapWith = <T>(map: Readonly<NameMap<T>>, name: string, value: T): NameMap<T> => {
  const next = copyOf(map);
  next[name] = value;
  return next;
};

/** A copy of `map` without `name`. */
export const nameMapWithout = <T>(map: Readonly<NameMap<T>>, name: string): NameMap<T> => {
  const next = copyOf(map);
  delete next[name];
  return next;
};

/** The value under `name`, never one every object inherits. */
export const ownValue = <T>(map: Readonly<NameMap<T>>, name: string): T | undefined =>
  Object.hasOwn(map, name) ? map[name] : undefined;
