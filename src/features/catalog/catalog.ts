/* The catalogue's fixed vocabularies, free of schema code so the browser can import them cheaply. */

export const categories = ['lingerie', 'toys', 'private-care', 'health'] as const;
export type Category = (typeof categories)[number];

export const productSorts = ['recommended', 'newest', 'price-asc', 'price-desc', 'rating', 'best-selling'] as const;
export type ProductSort = (typeof productSorts)[number];

/** Up to this many characters of a product search; the API refuses more (-218). */
export const SEARCH_MAX_LENGTH = 60;
