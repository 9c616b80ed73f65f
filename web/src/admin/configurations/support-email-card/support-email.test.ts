import { describe, expect, it } from 'vitest';
import { adminMessages, platformMessages } from '@app/contracts';
import { setSupportEmailActive, setSupportEmailAddress, supportEmailProblem } from './support-email';

describe('support email', () => {
  it('cannot be active without an address', () => {
    expect(supportEmailProblem({ isActive: true, email: '  ' }, false)).toBe(
      adminMessages.supportEmailRequired,
    );
    expect(supportEmailProblem({ isActive: true, email: 'help@x.org' }, true)).toBeNull();
    expect(supportEmailProblem({ isActive: false, email: '' }, true)).toBeNull();
  });

  it('needs a valid address when one is given, once the admin has left the field', () => {
    expect(supportEmailProblem({ isActive: false, email: 'help@' }, false)).toBeNull();
    expect(supportEmailProblem({ isActive: false, email: ' Not-An-Email ' }, true)).toBe(
      platformMessages.invalidEmail('not-an-email'),
    );
    expect(supportEmailProblem({ isActive: true, email: ' Help@X.org ' }, true)).toBeNull();
  });

  it('edits one field at a time', () => {
    const value = { isActive: false, email: 'a@x.org' };
    expect(setSupportEmailActive(value, true)).toEqual({ isActive: true, email: 'a@x.org' });
    expect(setSupportEmailAddress(value, 'b@x.org')).toEqual({ isActive: false, email: 'b@x.org' });
  });
});
