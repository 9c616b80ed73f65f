import type { KyselyPlugin } from 'kysely';

/** A plugin that counts the statements sent through it (each executed query's result passes once). */
export const statementCounter = (): { counted: { statements: number }; plugin: KyselyPlugin } => {
  const counted = { statements: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: (args) => {
      counted.statements += 1;
      return Promise.resolve(args.result);
    },
  };
  return { counted, plugin };
};
