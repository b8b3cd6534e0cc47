import { PASSWORD_SPACES_ONLY } from '@souq/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';

export const COMMON_PASSWORD = 'This password is one of the most common passwords. Please choose a less predictable one.';
export const WHITESPACE_PASSWORD = PASSWORD_SPACES_ONLY;

/** How many of the most common passwords are refused. */
export const COMMON_PASSWORDS_REFUSED = 10_000;

let common: Set<string> | undefined;

/**
 * The 10,000 most common passwords: the head of the frequency-ranked list that zxcvbn-ts ships
 * (`@zxcvbn-ts/language-common`, MIT licence), all lower case. Built on first use.
 */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED));
  return common;
}

/**
 * The policy errors of a new password (registration, reset, change), as a 422 field list; empty when
 * it is acceptable. Length and "not only spaces" are checked by the contract already; this adds the
 * common-password list, compared without regard to case ("Password" is as guessable as "password").
 */
export function passwordProblems(password: string): string[] {
  return commonPasswords().has(password.trim().toLowerCase()) ? [COMMON_PASSWORD] : [];
}
