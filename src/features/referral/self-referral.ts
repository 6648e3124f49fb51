/*
 * Self-referral: a second account of the same person earning its first account a rebate and itself the
 * friend discount. The strongest signal, one person's email written two ways, refuses the referral
 * outright (docs/decisions/076-money-after-the-sale.md, "Self-referral").
 */

/**
 * An email as one mailbox: lower case, the local part without `+tags` and without dots (most mail
 * providers deliver `a.na+shop@x` to `ana@x`; treating every domain so costs a rare false match, which
 * only withholds a 5 % discount).
 */
export function normaliseEmail(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split(/@(?=[^@]*$)/);
  return `${local.split('+')[0]!.replaceAll('.', '')}@${domain === 'googlemail.com' ? 'gmail.com' : domain}`;
}

/** Whether two emails reach the same mailbox. */
export const sameMailbox = (one: string, other: string) => normaliseEmail(one) === normaliseEmail(other);
