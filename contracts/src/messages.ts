/**
 * Every user-facing message, once. The services use them as DomainError messages,
 * the web shows them for instant checks: users read these words exactly.
 */
export const adminMessages = {
  featureNameRequired: 'Feature name is required. Please enter a name and try again.',
  featureNameUnique: 'Feature flag names must be unique. Please try another name.',
  loadFailed: 'Unable to fetch admin configurations at this time. Please try again.',
  saveFailed: 'We are unable to save the configurations at this time. Please try again later...',
  partialSaveFailed: (sections: readonly string[]) =>
    `The following configurations were unable to be saved: ${sections.join(', ')}`,
  saved: 'Configurations successfully saved',
  noChanges: 'No Changes to Save',
  noAdmins: 'No admins to display',
  noAppSecrets: 'No Application Secrets Retrieved',
  noAppVariables: 'No Application Variables Retrieved',
  noOpenAiEndpoints: 'No OpenAi Endpoints Retrieved',
  openAiDefaultModelName: "Please change the model name from the default 'modelid' before adding endpoints",
  openAiModelNameExists: (modelName: string) =>
    `Model name '${modelName}' already exists. Please choose a unique name`,
  openAiModelRemoved: (model: string) => `Removed ${model} (no endpoints configured)`,
  /** The '...' holds the endpoint's url (never its key). */
  endpointTestFailed: (url: string) =>
    `Failed to make contact with the new endpoint:\nUrl: ${url}\n\nPlease check the endpoint data and try saving changes again.`,
  endpointTestContinue: 'Do you want to continue applying your changes anyway?',
  groupNameRequired: 'Group name is required. Please enter a name and try again.',
  groupNameExists: (groupName: string) => `There already exists a group with the name ${groupName}.`,
  noAmplifyGroups: 'No Amplify Groups listed.',
  supportEmailRequired:
    'The Support Email feature cannot be activated without providing an email address. Please add an email address or disable the feature.',
  modelRequiredFields:
    'Required fields missing: Please provide ID, name, and provider. If the model is available, include input context window and output token limit. Ensure all required data is set and try again.',
  checkDefaultModels: 'Double check the default model selections before saving',
  noAvailableModels:
    "No models were made available. To enable chat, update the models under the 'Supported Models' tab.",
  defaultModelsNotSet: "Ensure all default models are set in the 'Supported Models' tab.",
  noSupportedModels: 'No Supported Models listed. Please add a new model.',
} as const;

/** Messages of our own; kept here so both sides say the same thing. */
export const platformMessages = {
  invalidEmail: (email: string) => `'${email}' is not a valid email address.`,
  lastAdmin: 'The last admin cannot be removed. Add another admin first.',
  staleSection: (section: string, actor: string, at: string) =>
    `${section} was changed by ${actor} at ${at} since you loaded it. Reload to see their changes.`,
  unknownSection: (type: string) => `Unknown configuration section '${type}'.`,
  signInRequired: 'Sign in to continue.',
  adminsOnly: 'Only administrators may do this.',
  variableNameRequired: (section: string) => `Every entry of ${section} needs a name.`,
  variableNameRepeated: (section: string, name: string) =>
    `${section} lists the name '${name}' more than once.`,
  maskedValueUnknown: (section: string, name: string) =>
    `The value of '${name}' in ${section} was sent masked, but no saved value matches it. Please enter the value again.`,
  openAiModelNameRequired: 'Please enter a model name before adding endpoints.',
  invalidEndpointUrl: (model: string, url: string) =>
    `The endpoint '${url}' of ${model} is not a valid url: use http:// or https://, without a user name or password.`,
  maskedKeyUnknown: (model: string, url: string) =>
    `The key of the endpoint '${url}' of ${model} was sent masked, but no saved key matches it. Please enter the key again.`,
  noSuchSecret: (section: string, key: string) => `${section} holds no saved value for '${key}'.`,
  /** An endpoint saved without a key whose address is not one a keyless server may have (see keylessEndpointAllowed). */
  endpointKeyRequired: (model: string, url: string) =>
    `The endpoint '${url}' of ${model} needs a key. Only an OpenAI-compatible server on this machine, at a private address or under a host name listed in OUTBOUND_ALLOW may be saved without one.`,
  /** The web card's hint beside an endpoint's key field. */
  endpointKeyOptionalHint:
    'Leave the key empty for an OpenAI-compatible server without keys (Ollama, vLLM) on this machine, at a private address or under a host name listed in OUTBOUND_ALLOW.',
  /** The key field's placeholder on a new endpoint's row. */
  endpointKeyPlaceholder: 'API key (optional for a local server)',
  /** The key field's placeholder on a saved endpoint that has no key. */
  endpointNoKey: 'No key',
  /** 'Add models from a server': its `/v1/models` could not be read (the reason names no key nor remote body). */
  serverModelsFailed: (url: string, reason: string) => `The models of ${url} could not be listed: ${reason}.`,
  serverModelsInvalidUrl:
    'The server url must be an http:// or https:// address without a user name or password.',
  serverModelsNone: 'The server lists no models.',
  /** Save Changes with an available model that no OpenAi Endpoints entry serves (the admin may save anyway). */
  modelWithoutEndpoint: (name: string) =>
    `Model ${name} is available but has no endpoint: users will not be able to chat with it.`,
  endpointTestPassed: 'Successfully made contact with the endpoint.',
  endpointTestInvalidUrl: 'The url must be an http:// or https:// address without a user name or password.',
  endpointTestTimedOut: 'The endpoint test did not finish in time.',
  /** An endpoint test asked for while the job queue (Redis) is down: it is recorded and runs once the queue is back. */
  endpointTestQueueUnavailable: (url: string) =>
    `The endpoint could not be tested now: the job queue is unavailable.\nUrl: ${url}\n\nThe test will run when the queue is back.`,
  jobQueueUnavailable: 'The job queue is unavailable; the endpoint was not contacted.',
  /** Secrets whose data key is gone (deleted or replaced: shredded) or cannot be opened with this master key. */
  secretShredded: (section: string, key: string) =>
    `The value of '${key}' in ${section} was deleted: its key was destroyed, so it can no longer be read. Please enter the value again.`,
  secretUnreadable: (section: string, key: string) =>
    `The value of '${key}' in ${section} cannot be decrypted with this server's master key (APP_MASTER_KEY). Ask the operator, or enter the value again.`,
  sealedValueShredded: 'This value was deleted: its key was destroyed, so it can no longer be read.',
  sealedValueUnreadable:
    "This value cannot be decrypted with this server's master key (APP_MASTER_KEY); it may have been sealed under another one.",
  masterKeyNotInUse:
    "Secrets cannot be saved: this server's master key (APP_MASTER_KEY) is not the one the secrets are wrapped under now (was it rotated?). Restart the service with the current master key.",
  endpointUrlUserInfo: (model: string, url: string) =>
    `The endpoint '${url}' of ${model} names a user name or password before its host, which is not accepted: put the key in the key field (credentials in the query, such as api-key=, are kept secret).`,
  maskedUrlUnknown: (model: string, url: string) =>
    `The url of the endpoint '${url}' of ${model} was sent with masked credentials, but no saved endpoint of ${model} has that url. Please enter the whole url again.`,
  urlCredentialsMasked: 'Credentials in this url are kept secret and shown masked.',
  groupInclusionCycle: (cycle: readonly string[]) =>
    `Amplify groups cannot include each other in a cycle: ${cycle.join(' includes ')}. Remove one of these inclusions and try again.`,
  systemGroupLocked: (groupName: string) =>
    `${groupName} is a system group: its members, included groups and deletion cannot be edited.`,
  unknownIncludedGroup: (groupName: string, included: string) =>
    `The group ${groupName} includes ${included}, which does not exist. Remove it from Membership by Amplify Groups or create that group first.`,
  invalidEmailDomain: (domain: string) =>
    `'${domain}' is not a valid email domain (for example: example.com).`,
  unsavedConfirm: 'You have unsaved changes. Close without saving?',
  /** A tab of the Admin Interface, or the dialog itself, that failed to load or to show (its error boundary). */
  viewFailed: (what: string) =>
    `${what} could not be shown. Try again; if it keeps failing, reload the page.`,
  changedByOther: (section: string, actor: string) =>
    `${actor} changed ${section} while you were editing it. Reload to see their version, or save to overwrite theirs.`,
  builtInModelFixed: (id: string) =>
    `'${id}' is a built-in model: it cannot be removed and its ID cannot be changed.`,
  builtInFlagFixed: (id: string) =>
    `Only the platform marks models as built-in: the built-in mark of '${id}' cannot be changed.`,
  modelKeyMismatch: (key: string, id: string) =>
    `The model listed as '${key}' has the ID '${id}': they must be the same.`,
  duplicateModelId: (id: string) => `More than one model has the ID '${id}'. Please choose a unique ID.`,
  defaultModelUnfit: (label: string, id: string) =>
    `The ${label} '${id}' is not a supported model that can fill it. Please choose another in the 'Supported Models' tab.`,
  /** Bounded input (contracts/src/limits.ts): the field and its limit. */
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters long.`,
  tooMany: (field: string, max: number) => `${field} may list at most ${max} entries.`,
  /** A field that may reach an HTTP header (a file's name or type): no C0 or C1 control character, nor DEL. */
  controlCharacters: (field: string) => `${field} cannot hold control characters (such as line breaks).`,
  reservedName: (field: string, name: string) =>
    `${field} '${name.trim()}' is reserved. Please choose another name.`,
  headerInvalid: (header: string, max: number) =>
    `The ${header} header must be 1 to ${max} printable ASCII characters.`,
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request.',
  /** A reveal retried with its Idempotency-Key after the value it revealed was changed or deleted. */
  revealReplayValueChanged: (section: string, key: string) =>
    `This Idempotency-Key already revealed the value of '${key}' in ${section}, and that value has since been changed or deleted, so nothing was revealed. To see the current value, reveal it again with a new Idempotency-Key.`,
  /** What the sign-in page says for `/?signInError=<code>` after a refused OpenID Connect sign-in. */
  signInErrors: {
    cancelled: 'Sign-in was cancelled at the identity provider. You are not signed in.',
    expired: 'This sign-in expired or was started in another tab. Please sign in again.',
    failed: 'The identity provider could not confirm who you are. Please sign in again.',
    noEmail:
      'The identity provider did not share a verified email address, so you cannot be signed in. Ask your administrator.',
    unavailable: 'The identity provider cannot be reached right now. Please try again in a few minutes.',
  },
  signInErrorUnknown: 'Sign-in did not succeed. Please try again.',
} as const;

/** The codes of `/?signInError=<code>`. */
export type SignInErrorCode = keyof typeof platformMessages.signInErrors;

/**
 * The guarded outbound client's refusals (docs/architecture.md, "Outbound calls"): they name what was
 * typed, never what a host name resolves to.
 */
export const outboundMessages = {
  /**
   * A host name refused: it resolves to an address not allowed or, on the clients of what users type,
   * to nothing at all (one message for both, so a caller cannot tell which names exist inside).
   */
  hostNotAllowed: (host: string) => `${host} is not at an allowed address, not listed in OUTBOUND_ALLOW`,
  /** An address typed as such, named with its kind ('loopback', 'private', …). */
  addressNotAllowed: (address: string, kind: string) =>
    `${address} is a ${kind} address, not listed in OUTBOUND_ALLOW`,
  /** A host name that resolves to nothing, said only on the admins' client (endpoint tests, chat). */
  hostNotFound: (host: string) => `${host}: host not found`,
};
