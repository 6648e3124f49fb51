/** The catalogue's categories: the product list's filter, and what sales rules and prices are set by. */
export const categories = ['lingerie', 'toys', 'private-care', 'health'] as const;
export type Category = (typeof categories)[number];
