/*
 * Reviews from verified buyers: the pure rules (docs/decisions/062-verified-reviews.md). A customer
 * reviews each size she bought once, after the order is signed for or completed; an editor approves
 * it before the storefront shows it.
 */

/** `pending`: new or edited, waiting for an editor; `approved`: on the storefront; `rejected`: seen by its author only. */
export const reviewStates = ['pending', 'approved', 'rejected'] as const;
export type ReviewState = (typeof reviewStates)[number];

/** How the reviewer is named: "Mei L." (default), "M. L.", or no name at all ("Verified buyer" alone). */
export const reviewerNamings = ['first-name-initial', 'initials', 'verified-only'] as const;
export type ReviewerNaming = (typeof reviewerNamings)[number];

/** Why an editor turned a review down: a code, kept in the audit log and sent to nobody. */
export const rejectionReasons = ['off-topic', 'personal-details', 'offensive', 'advertising', 'other'] as const;
export type RejectionReason = (typeof rejectionReasons)[number];

/** Order statuses after which the sizes in an order can be reviewed (kept with the statuses in src/lib). */

export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_TITLE_MAX = 120;

/** How many days after an order completes the review request mail goes out (to those who agreed). */
export const REVIEW_REQUEST_AFTER_DAYS = 3;

/** The first character of a name, upper case ("mei" → "M"); empty for none. */
const initialOf = (name: string) => Array.from(name.trim())[0]?.toLocaleUpperCase() ?? '';

/** Whether a character is a letter with case: an initial of it names nobody ("L."), while "李" is a whole surname. */
const hasCase = (character: string) => character.toLocaleLowerCase() !== character.toLocaleUpperCase();

/**
 * The name a review is shown under, from the customer's first and last name as the account has them:
 * never the surname whole, never an email or city. A surname in a script without case (a Chinese
 * surname is one character) gives no initial at all. Empty for "Verified buyer" alone, or when the
 * account has no usable name.
 */
export function reviewerName(naming: ReviewerNaming, firstName: string, lastName: string): string {
  const first = firstName.trim();
  const surnameInitial = initialOf(lastName);
  const last = hasCase(surnameInitial) ? surnameInitial : '';
  if (naming === 'verified-only' || first === '') return '';
  if (naming === 'initials')
    return [initialOf(first), last]
      .filter(Boolean)
      .map((initial) => `${initial}.`)
      .join(' ');
  return last ? `${first} ${last}.` : first;
}
