import type { Currency } from '@/lib/locale';

/* An order as the back office's panel reads it, and how the panel's parts change it. */

export type OrderDetails = {
  orderNo: string;
  status: number;
  currency: Currency;
  payAmount: number;
  goodsTotal: number;
  discountAmount: number;
  shippingAmount: number;
  taxAmount: number;
  taxIncluded: boolean;
  taxLabel: string | null;
  email: string;
  payMethod: string;
  createTime: string;
  payTime: string | null;
  lines: { goodsName: string; specificationName: string; goodsQuantity: number; unitPrice: number }[];
  delivery: {
    address: {
      firstName: string;
      lastName: string;
      address: string;
      address2: string;
      city: string;
      zipCode: string;
      stateName: string;
      countryName: string;
      phone: string;
    } | null;
    carrier: string | null;
    trackingNumber: string | null;
    events: { time: string; text: string }[];
  };
  payments: {
    provider: string;
    method: string;
    status: string;
    amount: number;
    currency: string;
    createTime: string;
  }[];
  salesRuleNote: string | null;
  money: { captured: number; refunded: number; reversed: number; left: number } | null;
  referralReview: 'held' | 'approved' | 'refused' | null;
  referralSignals: string | null;
  disputes: {
    disputeId: string;
    reason: string;
    amount: number;
    status: 'open' | 'won' | 'lost';
    held: boolean;
    createTime: string;
  }[];
};

/** Posts a change of the open order to `path`; the server answers the order as it now is, and `done` is told. */
export type OrderAct = (path: string, body: Record<string, unknown>, done: string) => Promise<void>;
