/**
 * The API Keys panel's own words (labels and hints neither spec nor contracts hold; the server's
 * messages come from `@app/contracts`, word for word).
 */
export const apiKeysText = {
  title: 'API Keys',
  open: 'API Keys',
  createTitle: 'Create API Key',
  editTitle: (name: string) => `Update ${name}`,
  noKeys: 'You have no API keys yet.',
  loading: 'Loading API keys…',
  tooLong: (what: string, max: number) => `${what} must be at most ${max} characters.`,
  delegateInvalid: 'Enter the delegate as one valid email address.',
  secretTitle: 'Your new API key',
  secretOnce:
    'Copy this key now and keep it somewhere safe: you will not see it again. Done, or closing the dialog, forgets it.',
  copy: 'Copy key',
  copied: 'Copied!',
  copyFailed: 'Copying failed: select the key and copy it yourself.',
  deactivateTitle: 'Deactivate API key',
  deactivateMessage: (name: string) =>
    `Deactivate the key of ${name}? It stops working at once and can never be reactivated.`,
  rotateTitle: 'Rotate API key',
  rotateMessage: (name: string) =>
    `Rotate the key of ${name}? The current secret stops working at once and a new one is shown once.`,
} as const;
