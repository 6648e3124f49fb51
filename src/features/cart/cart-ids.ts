/**
 * The checkout link carries the chosen cart lines as `/pay?ids=…`: the comma-joined specification
 * ids, encrypted with AES-GCM under a key fixed at build time (spec §9). The key ships in the page,
 * so this keeps the link opaque and tamper-evident, not secret; the server re-checks every line.
 */
const KEY_TEXT = import.meta.env.PUBLIC_CART_IDS_KEY ?? 'energy-shop:checkout-link-key:v1';

let key: Promise<CryptoKey> | undefined;
const cipherKey = () =>
  (key ??= crypto.subtle
    .digest('SHA-256', new TextEncoder().encode(KEY_TEXT))
    .then((bytes) => crypto.subtle.importKey('raw', bytes, 'AES-GCM', false, ['encrypt', 'decrypt'])));

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (character) => character.charCodeAt(0));

export async function encryptCartIds(ids: number[]): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await cipherKey(), new TextEncoder().encode(ids.join(','))),
  );
  return toBase64Url(new Uint8Array([...iv, ...sealed]));
}

/** The ids, or null when the link was changed or is not one of ours. */
export async function decryptCartIds(token: string): Promise<number[] | null> {
  try {
    const bytes = fromBase64Url(token);
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, 12) },
      await cipherKey(),
      bytes.subarray(12),
    );
    const ids = new TextDecoder().decode(plain).split(',').map(Number);
    return ids.length > 0 && ids.every((id) => Number.isSafeInteger(id) && id > 0) ? ids : null;
  } catch {
    return null;
  }
}

/** The checkout page for these cart lines (the cart page's selection, the drawer's lines, or "buy now"'s one). */
export const checkoutUrlOf = async (ids: number[]) => `/pay?ids=${await encryptCartIds(ids)}`;

/**
 * "Buy now"'s checkout: one size at the chosen quantity, beside the cart (the link carries both, sealed
 * as the cart's ids are). docs/decisions/079
 */
export const buyNowUrlOf = async (goodsSpecificationId: number, goodsQuantity: number) =>
  `/pay?buy=${await encryptCartIds([goodsSpecificationId, goodsQuantity])}`;

/** The size and quantity of a "Buy now" link's token, or null. */
export async function decryptBuyNow(
  token: string,
): Promise<{ goodsSpecificationId: number; goodsQuantity: number } | null> {
  const pair = await decryptCartIds(token);
  return pair?.length === 2 ? { goodsSpecificationId: pair[0]!, goodsQuantity: pair[1]! } : null;
}
