import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@app/contracts';
import { jobIdOf, maxErrorLength, routeByType, safeErrorMessage } from '../../src/index';

const event = (type: string, position: string): RecordedEvent => ({
  globalPosition: position,
  transactionId: '1',
  streamId: 's-1',
  streamVersion: 1,
  type,
  data: { a: 1 },
  metadata: {
    actor: { email: 'a@x.io', kind: 'admin' },
    commandId: 'c',
    correlationId: 'c',
    causationId: 'c',
    requestId: 'r',
    schemaVersion: 1,
  },
  recordedAt: new Date(0).toISOString(),
});

describe('job ids', () => {
  it('derive from the event type and position, without the colon BullMQ refuses', () => {
    expect(jobIdOf(event('FileUploaded', '42'))).toBe('FileUploaded-42');
  });
});

describe('routeByType', () => {
  const routes = routeByType({ FileUploaded: (e) => ({ name: 'process-file', data: e.data }) });
  it('routes the listed event types and nothing else', () => {
    expect(routes(event('FileUploaded', '1'))).toEqual({ name: 'process-file', data: { a: 1 } });
    expect(routes(event('FileDeleted', '2'))).toBeNull();
    expect(routes(event('toString', '3'))).toBeNull();
  });
});

describe('safeErrorMessage', () => {
  it.each([
    ['connect to https://bob:s3cret@api.example.com/v1 failed', 's3cret'],
    ['401 from upstream: Authorization: Bearer abc.def-ghi', 'abc.def-ghi'],
    ['bad request {"api_key": "k-123456"}', 'k-123456'],
    ['GET /x?token=t0k3n&x=1', 't0k3n'],
    ['Incorrect API key provided: sk-proj-abcdefghijklmnop', 'sk-proj-abcdefghijklmnop'],
    ['The security token included in the request is invalid AKIAIOSFODNN7EXAMPLE', 'AKIAIOSFODNN7EXAMPLE'],
    ['client_secret=xyz789 rejected', 'xyz789'],
  ])('masks credentials: %s', (message, secret) => {
    const safe = safeErrorMessage(new Error(message));
    expect(safe).not.toContain(secret);
    expect(safe).toContain('[redacted]');
  });

  it('keeps the rest of the message, names non-generic errors, and truncates', () => {
    expect(safeErrorMessage(new TypeError('fetch failed'))).toBe('TypeError: fetch failed');
    expect(safeErrorMessage('plain')).toBe('plain');
    const long = safeErrorMessage(new Error('x'.repeat(5000)));
    expect(long).toHaveLength(maxErrorLength);
    expect(long.endsWith('…')).toBe(true);
  });
});
