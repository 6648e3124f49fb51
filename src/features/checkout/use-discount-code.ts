import { useEffect, useRef, useState } from 'react';
import type { CartItem } from '@/lib/cart-items';
import type { OrderQuote } from '@/features/orders/orders.schema';
import { api, isSuccess } from '@/lib/api-client';

/** The server's word on one code for one set of lines. */
export type CodeCheck =
  | { code: string; key: string; state: 'checking' }
  | { code: string; key: string; state: 'accepted'; quote: OrderQuote }
  | { code: string; key: string; state: 'refused'; message: string };

const keyOf = (items: CartItem[]) =>
  items.map((item) => `${item.goodsSpecificationId}x${item.goodsQuantity}`).join(',');

/** A refusal of the code itself (-218 naming `discountCode`), as `quoteOrder` and `createOrder` answer it. */
export const isCodeRefusal = (result: { code: number; data: unknown }) =>
  result.code !== 1 && (result.data as { field?: string } | null)?.field === 'discountCode';

/**
 * The checkout's discount code, checked with the server (`order/quoteOrder`, the order's own pricing
 * rule) when it is entered. A discount shows only while the server's answer is for the code in the
 * field and the lines on the page: a code being typed, checked or refused shows none.
 */
export function useDiscountCode(items: CartItem[], signedIn: boolean) {
  const [text, setText] = useState('');
  const [check, setCheck] = useState<CodeCheck | null>(null);
  const latest = useRef<string>('');
  const key = keyOf(items);
  const code = text.trim();
  const current = check && check.code === code && check.key === key ? check : null;

  /** Asks the server about the code in the field (or `value`); answers whether the order may go ahead with it. */
  async function verify(value = code, { again = false } = {}): Promise<boolean> {
    const wanted = value.trim();
    if (!wanted || items.length === 0) return true;
    if (!again && check && check.code === wanted && check.key === key && check.state !== 'checking')
      return check.state === 'accepted';
    latest.current = `${wanted}|${key}`;
    setCheck({ code: wanted, key, state: 'checking' });
    const result = await api.post<OrderQuote>('order/quoteOrder', { items, discountCode: wanted }, { quiet: true });
    if (latest.current !== `${wanted}|${key}`) return false;
    if (isSuccess(result)) {
      setCheck({ code: wanted, key, state: 'accepted', quote: result.data });
      return true;
    }
    if (isCodeRefusal(result)) {
      setCheck({ code: wanted, key, state: 'refused', message: result.message });
      return false;
    }
    // Anything else (stock, currency, a network failure) is the order's to report when it is placed.
    setCheck(null);
    return true;
  }

  /** A refusal `createOrder` gave for the code in the field. */
  const refuse = (message: string) => setCheck({ code, key, state: 'refused', message });

  /** Prefills the field (the referral code) and checks it at once. */
  const prefill = (value: string) => {
    setText(value);
    void verify(value);
  };

  // Signing in changes who is buying (one's own code is refused), and other lines price otherwise.
  const accepted = check?.state === 'accepted' && check.code === code ? check.code : null;
  useEffect(() => {
    if (accepted) void verify(accepted, { again: true });
  }, [signedIn, key]);

  return {
    text,
    setText,
    code,
    check: current,
    applied: current?.state === 'accepted' ? current.quote : null,
    verify,
    refuse,
    prefill,
  };
}
