/* The catalogue's fixed vocabularies, free of schema code so the browser can import them cheaply. */

// The category list lives in src/lib: sales rules, below the catalogue, name categories too.

export const productSorts = ['recommended', 'newest', 'price-asc', 'price-desc', 'rating', 'best-selling'] as const;
export type ProductSort = (typeof productSorts)[number];

/** Longest description of a product picture for screen readers (its alt text), in each language. */
export const PICTURE_ALT_MAX = 200;

/**
 * The alt of a product picture shown beside the product's name: empty (decorative) when it would
 * only repeat the name, as the API's alt does when the editors described nothing.
 */
export const altBesideName = (alt: string | undefined, name: string) => (alt && alt !== name ? alt : '');

/** Up to this many characters of a product search; the API refuses more (-218). */
export const SEARCH_MAX_LENGTH = 60;

/** The details page's event for showing one of the product's pictures (`detail`: its index), sent when an option with a picture is chosen. */
export const SHOW_PICTURE_EVENT = 'shop:show-picture';
