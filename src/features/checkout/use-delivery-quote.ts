import { useEffect, useRef, useState } from 'react';
import type { CartItem } from '@/lib/cart-items';
import type { OrderQuote } from '@/features/orders/orders.schema';
import { api, isSuccess } from '@/lib/api-client';
import * as ErrorCode from '@/lib/error-codes';

/** The lines a sales rule does not let the shop sell to the destination (-260, docs/decisions/077-sales-rules.md). */
export type NotSoldLines = { country: string; goodsSpecificationIds: number[] };

/** Where the order would ship, as the form stands. */
export type QuoteDestination = { country: string; state: string };

/**
 * The checkout's figures for a destination, live from the server (`order/quoteOrder`, the order's
 * own pricing): shipping by the method chosen, tax, and the total. Asked again whenever the lines,
 * the accepted discount code, the country, the state or the method change; an answer to an older
 * question is dropped. Null until a country is picked (or while it cannot be priced: `problem`).
 */
export function useDeliveryQuote(
  items: CartItem[],
  discountCode: string | null,
  destination: QuoteDestination | null,
  signedIn: boolean,
) {
  const [quote, setQuote] = useState<OrderQuote | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notSold, setNotSold] = useState<NotSoldLines | null>(null);
  const [methodId, setMethodId] = useState<number | null>(null);
  const asked = useRef('');
  const itemsKey = items.map((item) => `${item.goodsSpecificationId}x${item.goodsQuantity}`).join(',');
  const key = JSON.stringify([itemsKey, discountCode, destination, methodId, signedIn]);

  async function ask(): Promise<OrderQuote | null> {
    if (!destination?.country || items.length === 0) {
      setQuote(null);
      setProblem(null);
      setNotSold(null);
      return null;
    }
    asked.current = key;
    const result = await api.post<OrderQuote>(
      'order/quoteOrder',
      {
        items,
        country: destination.country,
        state: destination.state,
        ...(discountCode ? { discountCode } : {}),
        ...(methodId ? { shippingMethodId: methodId } : {}),
      },
      { quiet: true },
    );
    if (asked.current !== key) return null;
    if (isSuccess(result)) {
      setQuote(result.data);
      setProblem(null);
      setNotSold(null);
      return result.data;
    }
    // A method the new destination's zone does not have: price the zone's first instead.
    if ((result.data as { field?: string } | null)?.field === 'shippingMethodId') setMethodId(null);
    setQuote(null);
    setProblem(result.message);
    const refused =
      result.code === ErrorCode.NotAvailableThere
        ? (result.data as unknown as { reason: string; lines: { goodsSpecificationId: number | null }[] })
        : null;
    setNotSold(
      refused?.reason === 'not-sold'
        ? {
            country: destination.country,
            goodsSpecificationIds: refused.lines.flatMap((line) =>
              line.goodsSpecificationId === null ? [] : [line.goodsSpecificationId],
            ),
          }
        : null,
    );
    return null;
  }

  useEffect(() => {
    void ask();
  }, [key]);

  return { quote, problem, notSold, chooseMethod: setMethodId, refresh: ask };
}
