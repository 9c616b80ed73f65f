import { describe, expect, it } from 'vitest';
import { documentMessages, storageQuotaMessage } from '@app/contracts';
import { ApiError } from './http';
import { refusedStatus } from './files';

describe('a refused upload request', () => {
  it("shows the status with the server's words (the storage quota and its use)", () => {
    const quota = storageQuotaMessage(1024 ** 3, 1000 * 1024 ** 2);
    const e = new ApiError('refused', 'status', 400, quota);
    expect(documentMessages.presignedUrlFailed(refusedStatus(e))).toBe(
      'Failed to get presigned url: 400 (Storage quota of 1 GB reached: 0.98 GB in use.)',
    );
  });

  it('shows the status alone when the server said nothing', () => {
    expect(refusedStatus(new ApiError('refused', 'status', 502))).toBe(502);
  });
});
