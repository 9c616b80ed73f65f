import { describe, expect, it } from 'vitest';
import { platformMessages } from '@app/contracts';
import { signInErrorMessage, withoutSignInError } from './sign-in-text';

describe('the refused sign-in message', () => {
  it('is the message of the code in the address, a general one for an unknown code, none without', () => {
    expect(signInErrorMessage('?signInError=cancelled')).toBe(platformMessages.signInErrors.cancelled);
    expect(signInErrorMessage('?x=1&signInError=noEmail')).toBe(platformMessages.signInErrors.noEmail);
    expect(signInErrorMessage('?signInError=__proto__')).toBe(platformMessages.signInErrorUnknown);
    expect(signInErrorMessage('?signInError=<b>')).toBe(platformMessages.signInErrorUnknown);
    expect(signInErrorMessage('')).toBeNull();
    expect(signInErrorMessage('?other=1')).toBeNull();
  });

  it('leaves the address once shown, keeping its other parameters', () => {
    expect(withoutSignInError('?signInError=failed')).toBe('');
    expect(withoutSignInError('?a=1&signInError=failed')).toBe('?a=1');
    expect(withoutSignInError('?a=1')).toBe('?a=1');
  });
});
