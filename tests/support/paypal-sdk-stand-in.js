/* global window, document */
/*
 * A stand-in for PayPal's JavaScript SDK with its card-fields component, served by the PayPal stand-in
 * at /sdk/js. From the page's side it behaves as PayPal's does: `paypal.CardFields({ createOrder,
 * onApprove, onError })`, fields that render into containers (plain inputs here, PayPal's iframes
 * there), and `submit()`, which rejects card details that cannot be valid, then creates the order,
 * hands the card to PayPal for it (the stand-in's /sdk/card-fields/confirm) and calls onApprove, or
 * onError when that fails. 3-D Secure as PayPal's "3D Secure: JavaScript SDK" guide describes it
 * (https://developer.paypal.com/docs/checkout/advanced/customize/3d-secure/sdk/): the fields run the
 * issuer's authentication when the card asks for it (here decided by the stand-in card's number, with
 * no challenge window) and pass its outcome to onApprove as `liabilityShift` (POSSIBLE, NO, UNKNOWN;
 * absent when no authentication ran); a card whose authentication PayPal leaves to its own page is
 * approved without one, and the shop's capture meets the order's 3-D Secure contingency.
 */
(() => {
  const base = new URL(document.currentScript.src).origin;
  const labels = {
    name: 'Cardholder name',
    number: 'Card number',
    expiry: 'Expiration date (MM/YY)',
    cvv: 'Security code (CVV)',
  };

  const luhn = (digits) =>
    [...digits].reverse().reduce((sum, digit, index) => {
      const value = Number(digit) * (index % 2 ? 2 : 1);
      return sum + (value > 9 ? value - 9 : value);
    }, 0) %
      10 ===
    0;
  const isValid = ({ number = '', expiry = '', cvv = '' }) =>
    /^\d{13,19}$/.test(number) && luhn(number) && /^(0[1-9]|1[0-2])\/\d{2}$/.test(expiry) && /^\d{3,4}$/.test(cvv);

  function CardFields({ createOrder, onApprove, onError }) {
    const inputs = {};
    const field = (kind) => ({
      render(container) {
        const input = document.createElement('input');
        input.setAttribute('aria-label', labels[kind]);
        input.placeholder = labels[kind];
        input.autocomplete = 'off';
        (typeof container === 'string' ? document.querySelector(container) : container).append(input);
        inputs[kind] = input;
        return Promise.resolve();
      },
      close() {
        inputs[kind]?.remove();
        delete inputs[kind];
        return Promise.resolve();
      },
    });
    return {
      isEligible: () => true,
      NameField: () => field('name'),
      NumberField: () => field('number'),
      ExpiryField: () => field('expiry'),
      CVVField: () => field('cvv'),
      async submit() {
        const card = Object.fromEntries(
          Object.entries(inputs).map(([kind, input]) => [
            kind,
            kind === 'name' ? input.value : input.value.replace(/\s/g, ''),
          ]),
        );
        if (!isValid(card)) throw new Error('INVALID_CARD_DETAILS');
        let orderID;
        let confirmed;
        try {
          orderID = await createOrder();
          const response = await fetch(`${base}/sdk/card-fields/confirm`, {
            method: 'POST',
            headers: { 'Content-Type': 'text/plain' },
            body: JSON.stringify({ orderID, ...card }),
          });
          if (!response.ok) throw new Error(`card refused: ${await response.text()}`);
          confirmed = await response.json();
        } catch (error) {
          onError(error);
          throw error;
        }
        await onApprove(confirmed.liabilityShift ? { orderID, liabilityShift: confirmed.liabilityShift } : { orderID });
      },
    };
  }

  window.paypal = { version: 'stand-in', CardFields };
})();
