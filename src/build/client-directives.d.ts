/** The shop's own island directive (src/build/client-paint.ts). */
declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate after the first paint: at once (`true`), when idle, or when visible. */
    'client:paint'?: true | 'idle' | 'visible';
  }
}
export {};
