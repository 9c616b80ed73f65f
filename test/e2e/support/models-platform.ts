import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startPlatform } from '@app/standalone';
import { handleCommand, supportedModelsDecider } from '@app/command';
import { openDatabase } from '@app/platform';
import { createTestDatabase } from '@app/platform/testing';
import { defaultModel, supportedModelsStreamId, systemActor, type Model } from '@app/contracts';

/** The built web app; E2E_WEB_DIST points elsewhere (a private build while others rebuild web/dist). */
const webDist =
  process.env['E2E_WEB_DIST'] ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

export interface ModelsTestPlatform {
  url: string;
  /** Adds models as the platform's own built-in models (what only the platform can do). */
  seedBuiltInModels(models: Partial<Model>[]): Promise<void>;
  close(): Promise<void>;
}

/** The whole platform on a fresh database, able to seed built-in models as the platform does. */
export async function startModelsPlatform(adminEmails: string[]): Promise<ModelsTestPlatform> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`No built web app in ${webDist}: run \`npx vite build web\` first`);
  }
  const database = await createTestDatabase();
  try {
    const platform = await startPlatform({
      databaseUrl: database.url,
      port: 0,
      host: '127.0.0.1',
      adminEmails,
      webDist,
      logLevel: 'silent',
      // As `npm start` runs it: the projections on a thread of their own.
      projectionThread: true,
    });
    return {
      url: platform.url,
      seedBuiltInModels: async (models) => {
        const handle = openDatabase(database.url, { max: 1 });
        try {
          const commandId = `seed-models:${models.map((m) => m.id).join(',')}`;
          await handleCommand(
            handle.db,
            supportedModelsDecider,
            supportedModelsStreamId,
            { type: 'SeedBuiltInModels', data: { models: models.map((m) => ({ ...defaultModel(), ...m })) } },
            {
              metadata: {
                actor: systemActor,
                commandId,
                correlationId: commandId,
                causationId: commandId,
                requestId: 'e2e',
                schemaVersion: 1,
              },
            },
          );
        } finally {
          await handle.close();
        }
        await platform.idle();
      },
      close: async () => {
        await platform.close();
        await database.drop();
      },
    };
  } catch (e) {
    await database.drop();
    throw e;
  }
}
