/**
 * The `default` of an exhaustive `switch`: it does not compile while a case is missing, and it throws
 * if a value outside the type arrives at run time (an event type from a newer version, a bad cast).
 */
export const assertNever = (x: never): never => {
  throw new Error(`Unexpected value: ${JSON.stringify(x)}`);
};
