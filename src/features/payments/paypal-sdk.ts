import type { PayMethodOption } from '@/features/orders/orders.schema';
import type { Currency } from '@/lib/locale';

/*
 * PayPal's JavaScript SDK in the page, as much of it as the card fields use: PayPal renders the card
 * inputs in its own iframes, so the shop never sees a card number. The pages are static, so where the
 * SDK comes from and the client id arrive with the payment method options, not with the build.
 * The calls follow PayPal's guides for the JavaScript SDK's CardFields component
 * (https://developer.paypal.com/docs/checkout/advanced/integrate/) and its 3-D Secure
 * (https://developer.paypal.com/docs/checkout/advanced/customize/3d-secure/sdk/). The script itself is
 * PayPal's, loaded from PAYPAL_SDK_URL; the tests load a stand-in of it
 * (tests/support/paypal-sdk-stand-in.js) from the PayPal stand-in.
 * See docs/decisions/017-paypal-card-fields.md.
 */

/** What the page needs to load the card fields. */
export type CardFieldsSetup = { clientId: string; sdkUrl: string };

/** One PayPal-hosted input (number, expiry, CVV, cardholder name). */
export type HostedField = { render(container: HTMLElement): Promise<void>; close(): Promise<void> };

export type CardFieldsOptions = {
  /** Starts the payment on the shop's server; answers the PayPal order id. */
  createOrder(): Promise<string>;
  /**
   * The customer's card was accepted for the PayPal order `orderID`; the shop captures it now.
   * `liabilityShift` is the outcome of the 3-D Secure authentication the fields ran (POSSIBLE, NO,
   * UNKNOWN; absent when none ran), per PayPal's "3D Secure: JavaScript SDK" guide. The shop decides
   * from PayPal's own record of it; the page uses it only to word a refusal.
   */
  onApprove(data: { orderID: string; liabilityShift?: string }): Promise<void>;
  onError(error: unknown): void;
};

export type CardFields = {
  isEligible(): boolean;
  NameField(): HostedField;
  NumberField(): HostedField;
  ExpiryField(): HostedField;
  CVVField(): HostedField;
  /** Sends the typed card to PayPal; rejects when the card details are not valid. */
  submit(): Promise<void>;
};

export type PaypalSdk = { CardFields(options: CardFieldsOptions): CardFields };

declare global {
  interface Window {
    paypal?: PaypalSdk;
  }
}

/** The card fields' setup when the provider takes cards in the page (PayPal); null when cards go through a redirect. */
export function cardFieldsSetupOf(options: readonly PayMethodOption[]): CardFieldsSetup | null {
  const card = options.find((option) => option.payMethod === 'card' && option.available);
  return card?.clientId && card.sdkUrl ? { clientId: card.clientId, sdkUrl: card.sdkUrl } : null;
}

/** The SDK's script address for the card fields, charging in `currency`. */
export function sdkScriptUrl({ clientId, sdkUrl }: CardFieldsSetup, currency: Currency): string {
  const url = new URL(sdkUrl);
  url.searchParams.set('client-id', clientId);
  url.searchParams.set('components', 'card-fields');
  url.searchParams.set('currency', currency);
  return url.toString();
}

const loading = new Map<string, Promise<PaypalSdk>>();

/** Adds the SDK's script to the page once per address; a script that failed to load may be tried again. */
export function loadPaypalSdk(src: string): Promise<PaypalSdk> {
  let sdk = loading.get(src);
  if (!sdk) {
    sdk = new Promise<PaypalSdk>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.addEventListener('load', () =>
        window.paypal ? resolve(window.paypal) : reject(new Error('PayPal SDK loaded without `paypal`')),
      );
      script.addEventListener('error', () => {
        script.remove();
        loading.delete(src);
        reject(new Error(`PayPal SDK did not load from ${src}`));
      });
      document.head.append(script);
    });
    loading.set(src, sdk);
  }
  return sdk;
}
