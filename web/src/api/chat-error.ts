import { chatMessages } from '@app/contracts';

const textOf = (value: unknown): string | null => {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
};

/**
 * What the user reads when the chat answers a status other than 200: the
 * JSON body's `error`, else its `value`, else the status text, else the communication error.
 */
export function chatErrorText(statusText: string, body: string): string {
  let json: unknown = null;
  try {
    json = JSON.parse(body) as unknown;
  } catch {
    // Not JSON (a proxy's page, say): the status text speaks for it.
  }
  if (json !== null && typeof json === 'object') {
    const record = json as Record<string, unknown>;
    const error = record['error'];
    const nested =
      error !== null && typeof error === 'object'
        ? textOf((error as Record<string, unknown>)['message'])
        : null;
    const found = textOf(error) ?? nested ?? textOf(record['value']);
    if (found !== null) return found;
  }
  return statusText.trim() !== '' ? statusText : chatMessages.communicationError;
}
