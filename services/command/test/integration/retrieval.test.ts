import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOutboundClient,
  createSecretBox,
  createVectorStore,
  loopbackAllowEntries,
  newMasterKey,
  parseAllowList,
  parseMasterKey,
  type OutboundClient,
  type VectorStore,
} from '@app/platform';
import {
  createTestDatabase,
  startModelServer,
  type ModelServer,
  type TestDatabase,
} from '@app/platform/testing';
import { createEmbedder, type Embedder } from '../../src/index';
import { configureEmbeddings } from '../support-documents/embeddings-config';

/** Thirty passages on distinct topics, in two documents (and a third the search must not look in). */
const corpus = [
  'Bees communicate the location of flowers through a waggle dance inside the hive.',
  'The Eiffel Tower was completed in 1889 for the World Fair held in Paris.',
  'Photosynthesis converts sunlight, water and carbon dioxide into glucose and oxygen.',
  'A sourdough starter is a fermented mixture of flour and water containing wild yeast.',
  'The Pacific Ocean is the largest and deepest of the oceans on Earth.',
  'Chess openings such as the Sicilian Defence shape the middlegame strategy.',
  'Volcanoes erupt when magma rises through cracks in the crust of the planet.',
  'The violin has four strings tuned in perfect fifths and is played with a bow.',
  'Marathon runners train by gradually increasing their weekly mileage.',
  'Penguins are flightless birds that live mostly in the Southern Hemisphere.',
  'Compound interest means earning interest on previously accumulated interest.',
  'The mitochondria produce most of the chemical energy that powers a cell.',
  'Glaciers carve U-shaped valleys as they slowly move downhill.',
  'Espresso is brewed by forcing hot water through finely ground coffee beans.',
  'The Great Wall of China stretches across northern provinces for thousands of kilometres.',
  'Saturn is famous for its bright rings made of ice particles and rock.',
  'Origami is the Japanese art of folding paper into sculptures without glue.',
  'Vaccines train the immune system to recognise a pathogen before infection.',
  'Tides are caused mainly by the gravitational pull of the Moon.',
  'A haiku is a short poem of three lines with five, seven and five syllables.',
  'Electric cars store energy in lithium-ion battery packs.',
  'The Amazon rainforest produces a large share of the oxygen of the region.',
  'Knitting uses two needles to interlock loops of yarn into fabric.',
  'Rust forms when iron reacts with oxygen and moisture.',
  'The Roman Colosseum hosted gladiator contests before crowds of spectators.',
  'Owls hunt at night using silent flight and excellent hearing.',
  'Tea leaves are withered, rolled and oxidised to make black tea.',
  'Earthquakes occur when tectonic plates suddenly slip along a fault.',
  'Lighthouses guide ships at night with a rotating beam of light.',
  'Honey never spoils because of its low moisture and acidic pH.',
];
const docA = 'a'.repeat(64);
const docB = 'b'.repeat(64);
const other = 'c'.repeat(64);

let database: TestDatabase;
let outbound: OutboundClient;
let model: ModelServer;
let store: VectorStore;
let embedder: Embedder;

beforeAll(async () => {
  database = await createTestDatabase();
  outbound = createOutboundClient({ allow: parseAllowList(loopbackAllowEntries) });
  model = await startModelServer();
  const secrets = createSecretBox(parseMasterKey(newMasterKey()));
  await configureEmbeddings(database.db, secrets, [model.embeddingsUrl]);
  store = await createVectorStore(database.db);
  embedder = createEmbedder({ db: database.db, secrets, outbound });
  const keep = async (sha256: string, texts: string[]) => {
    await store.putChunks(
      sha256,
      texts.map((text, index) => ({ index, text })),
    );
    const vectors = await embedder.embedTexts(texts);
    await store.putVectors(
      sha256,
      vectors.map((vector, index) => ({ index, vector })),
      'text-embedding-3-small',
    );
  };
  await keep(docA, corpus.slice(0, 15));
  await keep(docB, corpus.slice(15));
  await keep(other, ['Why does honey never spoil? Honey never spoils, honey honey honey.']);
});
afterAll(async () => {
  await Promise.all([model.close(), outbound.close()]);
  await database.drop();
});

describe('retrieval over a corpus the test makes', () => {
  it.each([
    ['How do bees tell each other where the flowers are?', 0],
    ['When was the Eiffel Tower completed?', 1],
    ['What causes the tides of the sea?', 18],
    ['Why does honey never spoil?', 29],
    ['How many syllables does a haiku have?', 19],
    ['What are the rings of Saturn made of?', 15],
  ])('given the question %j, the passage that answers it ranks first', async (question, answer) => {
    const hits = await store.search(await embedder.embedQuery(question), [docA, docB], 5);
    expect(hits[0]?.text).toBe(corpus[answer]);
    expect(hits.every((h) => h.sha256 === docA || h.sha256 === docB)).toBe(true);
  });
});
