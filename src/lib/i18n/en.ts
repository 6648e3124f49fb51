/**
 * English strings, the reference dictionary: its keys are the keys every language must have.
 * Keys follow the storefront spec (`sign.account_err`, `code.-201`).
 */
export const en = {
  'code.-1': 'Request failed, please try again later',
  'code.-201': 'Incorrect email format',
  'code.-202': 'This account already exists',
  'code.-203': 'The password could not be read',
  'code.-204':
    'The password must be 8 to 20 characters without spaces, using at least two of: digits, letters, symbols',
  'code.-205': 'This account is disabled, please contact the administrator',
  'code.-206': 'This account does not exist',
  'code.-207': 'Incorrect account or password',
  'code.-209': 'Password authentication failed',
  'code.-210': 'This product does not exist',
  'code.-212': 'Your login status has changed, please sign in again',
  'code.-214': 'The payment information does not exist',
  'code.-217': 'There is nothing wrong with this order',
  'code.-218': 'The request is invalid',
  'code.-219': 'This link has expired',
  'code.-222': 'This product cannot be paid for in the current currency',
  'code.-224': 'You are already subscribed',
  'code.-225': 'Nothing has changed, please refresh',
  'code.-228': 'This coupon has already been activated',
  'code.-229': 'This coupon has been cancelled',
  'code.-231': 'Not enough stock, or the product has been taken down',
  'code.-232': 'The verification code is invalid, please get a new one',
  'code.-233': 'The verification code is wrong',
  'code.-234': 'Please check the anti-counterfeiting code',
  'code.-9999': 'The system is busy, please try again later',
  'code.-218.field': 'Invalid value for {field}',
  'mail.greeting': 'Hello {name},',
  'mail.greetingNoName': 'Hello,',
  'mail.signature': 'Energy Shop',
  'mail.resetPassword.subject': 'Reset your password',
  'mail.resetPassword.intro': 'We received a request to reset the password of your Energy Shop account ({email}).',
  'mail.resetPassword.action': 'Choose a new password',
  'mail.resetPassword.expiry': 'The link works once and expires in {minutes} minutes.',
  'mail.resetPassword.ignore': 'If you did not ask for this, ignore this mail: your password stays as it is.',
  'order.discountCode.own': 'You cannot use your own discount code; share it with friends instead',
  'order.discountCode.unknown': 'This discount code does not exist',
  'energy.notEnoughPoints': 'You do not have enough energy points for this',
  'payMethod.ep': 'Energy points',
  'payMethod.paypal': 'PayPal',
  'payMethod.card': 'Credit or debit card',
  'payMethod.test': 'Test payment',
  // PayPal outcomes and currencies
  'payMethod.testNote': 'Test mode: leads to the test payment page; no real money moves.',
  'payMethod.notInCurrency': 'Not available for payments in {currency}: this shop takes it in {currencies} only.',
  'payMethod.notOffered': 'Not available for payments in {currency}.',
  'payment.refundRefused':
    'The payment provider did not refund this payment. Your order is unchanged; please contact us.',
  'payment.refundUnknown':
    'Your order is cancelled and its refund is on its way; the payment provider has not confirmed it yet. We will finish it as soon as it does.',
  'payment.inDoubt':
    'Your payment is still being confirmed by the payment provider, so the order cannot be cancelled yet. Please try again in a few minutes.',
  'mail.order.action': 'View your order',
  'mail.order.line': '{quantity} × {goodsName} ({specificationName}): {amount}',
  'mail.order.deliverTo': 'Delivery to: {address}',
  'mail.orderConfirmation.subject': 'Your order {orderNo} is confirmed',
  'mail.orderConfirmation.intro':
    'Thank you for your order {orderNo}. We have received your payment and will let you know when it ships.',
  'mail.orderConfirmation.discount': 'Discount: -{amount}',
  'mail.orderConfirmation.paid': 'Paid: {amount} (payment number {paymentNumber})',
  'mail.shippingNotice.subject': 'Your order {orderNo} is on its way',
  'mail.shippingNotice.intro': 'Good news: your order {orderNo} has shipped.',
  'mail.shippingNotice.tracking': 'Carrier: {carrier}. Tracking number: {trackingNumber}.',
  'mail.shippingNotice.outro': 'You can follow its journey in your order details.',
  'mail.recharge.subject': 'Your {points} energy points have arrived',
  'mail.recharge.intro':
    'Thank you for recharging: {points} energy points have been added to your balance (order {orderNo}).',
  'mail.recharge.action': 'View my energy',
  // Privacy: discreet mails, checkout facts and account erasure
  'mail.order.items':
    'Items in this order: {count}. For your privacy this mail does not name them; your order page shows them after you sign in.',
  'mail.order.goodsTotal': 'Goods total: {amount}',
  'code.-240':
    'Your account still has orders that are not finished (awaiting payment, being prepared or on their way). It can be deleted once they are completed or closed.',
  'code.-241': 'Enter the 6-digit code from your authenticator app.',
  'code.-243': 'Turn on two-step sign-in (an authenticator app) before anything else in the back office.',
  'code.-242': 'The code is wrong or was used already. Wait for the next code and try again.',
  'privacy.packing':
    'Every order ships in a plain, unbranded box. Nothing outside names the products or what the shop sells; the sender is shown as a neutral name.',
  'discreet.title': 'Discreet delivery and billing',
  'discreet.statement': 'Your card or PayPal statement shows:',
  'testGateway.title': 'Test payment',
  'testGateway.banner': 'TEST MODE: no real money moves. This page stands in for the payment provider.',
  'testGateway.amount': 'Amount to pay: {amount}',
  'testGateway.approve': 'Approve payment',
  'testGateway.decline': 'Decline payment',
  'testGateway.cardTitle': 'Or pay with a test card',
  'testGateway.cardNumber': 'Card number',
  'testGateway.cardHelp': 'Card 4111 1111 1111 1111 approves, card 4000 0000 0000 0002 is declined.',
  'testGateway.cardUnknown': 'That is not a test card number. Use one of the numbers below.',
  'testGateway.payWithCard': 'Pay with card',
  'testGateway.handled': 'This payment has already been handled.',
  'testGateway.back': 'Back to the shop',
  'newsletter.confirm.subject': 'Confirm your newsletter subscription',
  'newsletter.confirm.intro':
    'Someone, hopefully you, asked to receive our newsletter at {email}. Nothing is sent until you confirm.',
  'newsletter.confirm.action': 'Confirm my subscription',
  'newsletter.confirm.outro':
    'The link works for {days} days. If you did not ask for this, ignore this mail: the address is forgotten after that.',
  'newsletter.unsubscribeLine':
    'You receive this because you subscribed with {email}. Unsubscribe with one click (your address is then deleted):',
  'newsletter.page.confirmTitle': 'Confirm your subscription',
  'newsletter.page.confirmText': 'Press the button to receive the newsletter at {email}, addressed to “{name}”.',
  'newsletter.page.confirmButton': 'Confirm',
  'newsletter.page.confirmed': 'Thank you: {email} is subscribed. Every newsletter has a link to unsubscribe.',
  'newsletter.page.unsubscribeTitle': 'Unsubscribe',
  'newsletter.page.unsubscribeText': 'Press the button to stop the newsletter to {email} and delete the address.',
  'newsletter.page.unsubscribeButton': 'Unsubscribe',
  'newsletter.page.unsubscribed': 'You are unsubscribed, and the address is deleted.',
  'newsletter.page.unknownLink':
    'This link is no longer valid: the subscription was confirmed, removed, or never confirmed in time.',
  'newsletter.page.subscribeTitle': 'Newsletter',
  'newsletter.page.subscribeMissing': 'Please enter your name and your email.',
  'newsletter.page.subscribeSent':
    'Almost done: open the link we just mailed you to confirm. Nothing is sent until you do.',
  'newsletter.page.back': 'Back to the shop',
  // Reviews from verified buyers
  'code.-250': 'You can review a product once the order it was in has been signed for or completed.',
  'code.-251': 'You have reviewed this size already; edit your review instead.',
  'code.-252': 'You have too many orders awaiting payment. Pay or cancel one of them in My orders first.',
  'mail.reviewRequest.subject': 'How was your order {orderNo}?',
  'mail.reviewRequest.intro':
    'Your order {orderNo} is complete. Would you tell other customers what you think? Your review shows only the name you choose, and never your email, surname or city.',
  'mail.reviewRequest.action': 'Write a review',
  'mail.reviewRequest.outro':
    'You receive this because you asked for review requests on your account page; turn them off there at any time.',
  'order.country.notShipped': 'We do not ship to this destination in this currency yet',
  'order.shippingMethod.notOffered': 'This shipping method does not serve the delivery address; please choose another',
  'order.total.changed': 'The total has changed since it was shown; please check the new total and confirm again',
  'mail.orderConfirmation.shipping': 'Shipping ({method}): {amount}',
  'mail.orderConfirmation.taxAdded': '{label}: {amount}',
  'mail.orderConfirmation.taxIncluded': 'Includes {label}: {amount}',
  'code.-260': 'This is not available for delivery to this destination, or not with this payment method',
  'sales.notSold': 'Some items cannot be delivered to this destination; remove them or choose another address',
  'sales.payMethodRefused':
    'This payment method is not available for these items to this destination; please choose another',
  'code.-261': 'Orders to this destination need an age check first',
  'ageStandIn.title': 'Age check',
  'ageStandIn.banner':
    'TEST MODE: this page stands in for an age-assurance provider. No document is asked for or kept.',
  'ageStandIn.question': 'Answer as the person you are testing as.',
  'ageStandIn.adult': 'I am 18 or older',
  'ageStandIn.minor': 'I am under 18',
  'ageStandIn.back': 'Back to the shop',
  // The names of the taxes the shipping rules use (`taxLabel`), shown in the reader's language
  'tax.salesTax': 'Sales tax',
  'tax.vat': 'VAT',
  'tax.sst': 'SST',
  'tax.gst': 'GST',
} as const;

export type MessageKey = keyof typeof en;
export type Dictionary = Record<MessageKey, string>;
