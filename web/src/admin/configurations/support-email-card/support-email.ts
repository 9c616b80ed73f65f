import {
  adminMessages,
  isEmail,
  normaliseEmail,
  platformMessages,
  type SupportEmailSection,
} from '@app/contracts';

/**
 * What the server would refuse, said at once: active without an address (the contracts' message), or,
 * once the admin has left the field (`addressDone`), an address that is not an email.
 */
export const supportEmailProblem = (value: SupportEmailSection, addressDone: boolean): string | null => {
  const email = normaliseEmail(value.email);
  if (email === '') return value.isActive ? adminMessages.supportEmailRequired : null;
  return !addressDone || isEmail(email) ? null : platformMessages.invalidEmail(email);
};

export const setSupportEmailActive = (
  value: SupportEmailSection,
  isActive: boolean,
): SupportEmailSection => ({
  ...value,
  isActive,
});

export const setSupportEmailAddress = (value: SupportEmailSection, email: string): SupportEmailSection => ({
  ...value,
  email,
});
