import { shopPath } from '@/lib/shop-link';

/** Where `/sign?link=…` leads once signed in (`search` is `location.search`): a path inside the shop, or null. */
export const nextPageAfterSignIn = (search: string, origin: string) =>
  shopPath(new URLSearchParams(search).get('link'), origin);
