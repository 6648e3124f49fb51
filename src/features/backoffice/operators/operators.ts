/*
 * Operators and what each role may do. Every back-office route names the permission it needs;
 * the server checks it (docs/decisions/040-back-office.md).
 */

export const operatorRoles = ['admin', 'editor', 'fulfilment'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

export const permissions = {
  /** See orders and their details, export them. */
  'orders.read': ['admin', 'fulfilment'],
  /** Ship, add logistics events, mark signed for, complete. */
  'orders.fulfil': ['admin', 'fulfilment'],
  /** Download the orders board as CSV (customer emails and amounts leave the shop). */
  'orders.export': ['admin'],
  /** Issue anti-counterfeit verification codes. */
  'verify-codes.issue': ['admin'],
  /** Give money back. */
  'orders.refund': ['admin'],
  /** See products, their texts, sizes, prices and stock; export the catalogue. */
  'catalogue.read': ['admin', 'editor'],
  /** Create and edit products, upload their pictures, import a catalogue. */
  'catalogue.write': ['admin', 'editor'],
  /** See and change the adverts (home banners and the other positions), upload their pictures. */
  'adverts.write': ['admin', 'editor'],
  /** Reset another operator's second factor (a lost phone). */
  'operators.manage': ['admin'],
  /** Read the audit log. */
  'audit.read': ['admin'],
  /** Find customers, see their orders, energy ledger and friends. */
  'customers.read': ['admin'],
  /** Disable and enable customer accounts. */
  'customers.manage': ['admin'],
  /** The energy programme's figures and the ledger consistency check. */
  'programme.read': ['admin'],
  /** See the customers' reviews and approve or reject them (the storefront shows approved ones only). */
  'reviews.moderate': ['admin', 'editor'],
  /** Publish the pages (only those whose content changed). */
  'site.publish': ['admin', 'editor'],
  /** Publish every page again, ignoring the build cache. */
  'site.publish-full': ['admin'],
  /** Shipping zones, their methods and prices, and tax rates. */
  'shipping.manage': ['admin'],
  /** What may be sold where, and paid how (docs/decisions/077-sales-rules.md). */
  'sales-rules.manage': ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type Permission = keyof typeof permissions;

export const may = (role: OperatorRole, permission: Permission) =>
  (permissions[permission] as readonly OperatorRole[]).includes(role);
