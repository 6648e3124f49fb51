/** A feature's rule, which the platform must not know. */
export const orderPayMethods = ['paypal', 'card'] as const;
