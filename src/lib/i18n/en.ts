/**
 * English strings, the reference dictionary: its keys are the keys every language must have.
 * Keys follow the storefront spec (`sign.account_err`, `code.-201`).
 */
export const en = {
  'code.-1': 'Request failed, please try again later',
  'code.-201': 'Incorrect email format',
  'code.-202': 'This account already exists',
  'code.-203': 'The password could not be read',
  'code.-204': 'The password must be 8 to 20 characters without spaces, using at least two of: digits, letters, symbols',
  'code.-205': 'This account is disabled, please contact the administrator',
  'code.-206': 'This account does not exist',
  'code.-207': 'Incorrect account or password',
  'code.-209': 'Password authentication failed',
  'code.-210': 'This product does not exist',
  'code.-212': 'Your login status has changed, please sign in again',
  'code.-214': 'The payment information does not exist',
  'code.-217': 'There is nothing wrong with this order',
  'code.-218': 'The request is invalid',
  'code.-219': 'This link has expired',
  'code.-222': 'This product cannot be paid for in the current currency',
  'code.-224': 'You are already subscribed',
  'code.-225': 'Nothing has changed, please refresh',
  'code.-228': 'This coupon has already been activated',
  'code.-229': 'This coupon has been cancelled',
  'code.-231': 'Not enough stock, or the product has been taken down',
  'code.-232': 'The verification code is invalid, please get a new one',
  'code.-233': 'The verification code is wrong',
  'code.-234': 'Please check the anti-counterfeiting code',
  'code.-9999': 'The system is busy, please try again later',
  'code.-218.field': 'Invalid value for {field}',
  'mail.greeting': 'Hello {name},',
  'mail.signature': 'Energy Shop',
  'mail.resetPassword.subject': 'Reset your password',
  'mail.resetPassword.intro': 'We received a request to reset the password of your Energy Shop account ({email}).',
  'mail.resetPassword.action': 'Choose a new password',
  'mail.resetPassword.expiry': 'The link works once and expires in {minutes} minutes.',
  'mail.resetPassword.ignore': 'If you did not ask for this, ignore this mail: your password stays as it is.',
} as const;

export type MessageKey = keyof typeof en;
export type Dictionary = Record<MessageKey, string>;
