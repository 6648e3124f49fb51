import { describe, expect, it } from 'vitest';
import { cardFieldsSetupOf, sdkScriptUrl } from './paypal-sdk';

describe("PayPal's card fields in the page", () => {
  it('are used when the card option carries a client id and an SDK address', () => {
    const sdk = { clientId: 'shop-client', sdkUrl: 'https://www.paypal.com/sdk/js' };
    const on = { available: true, note: null };
    expect(
      cardFieldsSetupOf([
        { payMethod: 'paypal', name: 'PayPal', ...on, ...sdk },
        { payMethod: 'card', name: 'Card', ...on, ...sdk },
      ]),
    ).toEqual(sdk);
    expect(cardFieldsSetupOf([{ payMethod: 'card', name: 'Card', ...on, clientId: null, sdkUrl: null }])).toBeNull();
    expect(cardFieldsSetupOf([{ payMethod: 'paypal', name: 'PayPal', ...on, ...sdk }])).toBeNull();
    // Not in the order's currency: no card fields, the method is shown unavailable instead.
    expect(
      cardFieldsSetupOf([
        { payMethod: 'card', name: 'Card', available: false, note: 'Not available for payments in MYR', ...sdk },
      ]),
    ).toBeNull();
  });

  it('load the SDK with the client id, the card-fields component and the order currency', () => {
    const src = new URL(sdkScriptUrl({ clientId: 'a b&c', sdkUrl: 'http://127.0.0.1:9000/sdk/js' }, 'MYR'));
    expect(`${src.origin}${src.pathname}`).toBe('http://127.0.0.1:9000/sdk/js');
    expect(Object.fromEntries(src.searchParams)).toEqual({
      'client-id': 'a b&c',
      components: 'card-fields',
      currency: 'MYR',
    });
  });
});
