/** The Ops tab's messages, shown to users word for word. */
export const opsMessages = {
  missingFields: 'One or more operations have missing function name, endpoint path, or empty tags.',
  deleteConfirm: 'Are you sure you want to delete this Op? You will not be able to undo this change.',
  registerFailed: 'Failed to register ops. Please try again later...',
  deleteFailed: 'Unable to delete the Op. Please try again...',
  registered: 'Successfully registered ops',
  deleted: 'Successfully deleted OP',
  /** Ours. */
  helpTitle: 'Understanding Ops',
  manageTitle: 'Manage Ops',
  noOps: 'No Ops registered.',
  invalidName: (name: string) =>
    `Function name '${name}' may hold only letters, digits, underscores and hyphens (at most 64).`,
  invalidUrl: (name: string) => `The request path of '${name}' must be an http or https URL.`,
  duplicateName: (name: string) => `The function name '${name}' is listed more than once.`,
  requiredUnknown: (op: string, param: string) =>
    `Op '${op}' requires the parameter '${param}', which it does not define.`,
  tooManyOps: (max: number) => `At most ${max} ops may be registered.`,
  notFound: (name: string) => `There is no op named ${name}.`,
  loadFailed: 'Unable to load the Ops at this time. Please try again later...',
  badArguments: (name: string, why: string) => `The parameters of op '${name}' are not valid: ${why}`,
  callFailed: (name: string, why: string) => `The op '${name}' could not be called: ${why}`,
  callStatus: (name: string) => `Calling ${name}...`,
} as const;
