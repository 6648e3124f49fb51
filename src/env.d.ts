/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** Key of the checkout link's cipher (spec §9); the default suits a single shop. */
  readonly PUBLIC_CART_IDS_KEY?: string;
}
