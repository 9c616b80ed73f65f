/**
 * What the fenced blocks of the built-in assistants' replies say when they are malformed (our
 * words: the block formats come without error texts). Shown in the chat where the block is; a
 * malformed block does nothing.
 */
export const blockMessages = {
  empty: (block: string) => `The ${block} block is empty: it must hold one JSON object.`,
  notJson: (block: string, reason: string) =>
    `The ${block} block is not valid JSON (${reason}). It must hold one JSON object and nothing else.`,
  notObject: (block: string) => `The ${block} block must hold one JSON object, not a list or a single value.`,
  tooLarge: (block: string, max: number) => `The ${block} block is too large (at most ${max} characters).`,
  invalid: (block: string, problems: readonly string[]) =>
    `The ${block} block is not valid: ${problems.join('; ')}.`,
  apiDocNotEmpty: 'The APIdoc block must be left empty: anything written inside it is an error.',
  missing: 'is missing',
  mustBeText: 'must be text',
  mustNotBeEmpty: 'must not be empty',
  mustBeList: 'must be a list',
  mustBeObject: 'must be a JSON object',
  mustBeTrueOrFalse: 'must be true or false',
  unknownFields: (keys: readonly string[]) =>
    `has unknown ${keys.length === 1 ? 'field' : 'fields'} ${keys.map((k) => `'${k}'`).join(', ')}`,
  oneOf: (values: readonly string[]) => `must be one of ${values.join(', ')}`,
  unknownOp: (op: string) => `OP ${op} is unknown: it must be one of CREATE, UPDATE, GET, DEACTIVATE`,
  idOrName: 'needs an id or a name',
  idNotKeyId: 'must be an API key id (a version-4 UUID) or ""',
  nothingToChange: 'names no field to change',
  repeated: (what: string) => `lists ${what} more than once`,
  artifactIdShape:
    'must be "" for a new artifact, or an existing artifact id (name_with_underscores-1234567)',
} as const;

/** What the blocks' buttons and results say. */
export const blockTexts = {
  waitingForMessage: 'The block acts once the message is complete.',
  createAssistant: 'Create assistant',
  creatingAssistant: 'Creating...',
  assistantCreated: (name: string) => `Assistant ${name} created. It is now in your assistant list.`,
  apiDocTitle: 'API documentation',
  apiDocNone: 'No API documentation has been uploaded yet.',
  apiDocLoading: 'Loading the API documentation...',
  apiKeyRun: {
    CREATE: 'Create API key',
    UPDATE: 'Update API keys',
    GET: 'Show API keys',
    DEACTIVATE: 'Deactivate API keys',
  },
  rotate: 'Rotate',
  secretOnce: 'Copy this key now: it will not be shown again.',
  copy: 'Copy',
  copied: 'Copied!',
  noKeys: 'You have no API keys.',
  keyNotFound: (id: string, name: string) =>
    `None of your API keys matches ${id === '' ? `the name '${name}'` : `the id ${id}`}.`,
  keyAmbiguous: (name: string) => `More than one of your API keys is named '${name}': give its id.`,
  runOps: 'Run',
  running: 'Running...',
  openArtifact: 'Open artifact dialog',
  createArtifact: 'Create artifact',
  reviseArtifact: 'Save revision',
  artifactNotFound: (id: string) => `There is no artifact with the id ${id} in this conversation.`,
  artifactSaved: (id: string) => `Artifact ${id} saved in this conversation.`,
  artifactsTitle: 'Artifacts',
} as const;
