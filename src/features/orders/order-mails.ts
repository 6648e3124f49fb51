import { eq } from 'drizzle-orm';
import { areaNames } from '@/features/delivery/delivery-areas';
import { translate, type MessageKey } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import type { AppDeps } from '@/server/app';
import { users, type DeliveryAddressSnapshot } from '@/server/db/schema';
import { composeMail } from '@/server/mail/layout';
import type { Mail } from '@/server/mail/mailer';
import type { OrderLine } from './orders.schema';
import { findOrder, loadLines, type OrderRow } from './orders.service';

/* Mails about an order, in the language stored on it (the customer's, at checkout). */

type MailDeps = Pick<AppDeps, 'db' | 'config' | 'mailer'>;

function translatorFor(order: OrderRow) {
  return (key: MessageKey, params?: Record<string, string | number>) => translate(order.language, key, params);
}

function describeAddress(address: DeliveryAddressSnapshot, order: OrderRow): string {
  const { countryName, stateName } = areaNames(address.country, address.state, order.language);
  return [`${address.firstName} ${address.lastName}`, address.address, address.address2, `${address.city}, ${stateName} ${address.zipCode}`, countryName]
    .filter((part) => part.trim() !== '')
    .join(', ');
}

/** Where the mail's button leads: the order's details, or the energy page for a recharge. */
const orderUrl = (deps: MailDeps, order: OrderRow) =>
  order.kind === 'recharge' ? `${deps.config.publicOrigin}/order/energy` : `${deps.config.publicOrigin}/my/order/details?orderId=${order.id}`;

export function orderConfirmationMail(order: OrderRow, lines: OrderLine[], greetingName: string, link: string): Mail {
  if (order.kind === 'recharge') return rechargeMail(order, greetingName, link);
  const t = translatorFor(order);
  const money = (amount: number) => formatMoney(amount, order.currency);
  return {
    to: order.email,
    subject: t('mail.orderConfirmation.subject', { orderNo: order.orderNo }),
    ...composeMail({
      greeting: t('mail.greeting', { name: greetingName }),
      intro: [
        t('mail.orderConfirmation.intro', { orderNo: order.orderNo }),
        ...lines.map((line) =>
          t('mail.order.line', { quantity: line.goodsQuantity, goodsName: line.goodsName, specificationName: line.specificationName, amount: money(line.unitPrice * line.goodsQuantity) }),
        ),
        ...(order.discountAmount > 0 ? [t('mail.orderConfirmation.discount', { amount: money(order.discountAmount) })] : []),
        t('mail.orderConfirmation.paid', { amount: money(order.payAmount), paymentNumber: order.paymentNumber ?? '' }),
        ...(order.deliveryAddress ? [t('mail.order.deliverTo', { address: describeAddress(order.deliveryAddress, order) })] : []),
      ],
      action: { label: t('mail.order.action'), url: link },
      outro: [],
      signature: t('mail.signature'),
    }),
  };
}

/** A paid recharge: its points are in the balance already (it completes as it is paid). */
function rechargeMail(order: OrderRow, greetingName: string, energyLink: string): Mail {
  const t = translatorFor(order);
  const points = order.energyPoints ?? 0;
  return {
    to: order.email,
    subject: t('mail.recharge.subject', { points }),
    ...composeMail({
      greeting: t('mail.greeting', { name: greetingName }),
      intro: [
        t('mail.recharge.intro', { points, orderNo: order.orderNo }),
        t('mail.orderConfirmation.paid', { amount: formatMoney(order.payAmount, order.currency), paymentNumber: order.paymentNumber ?? '' }),
      ],
      action: { label: t('mail.recharge.action'), url: energyLink },
      outro: [],
      signature: t('mail.signature'),
    }),
  };
}

export function shippingNoticeMail(order: OrderRow, greetingName: string, link: string): Mail {
  const t = translatorFor(order);
  return {
    to: order.email,
    subject: t('mail.shippingNotice.subject', { orderNo: order.orderNo }),
    ...composeMail({
      greeting: t('mail.greeting', { name: greetingName }),
      intro: [
        t('mail.shippingNotice.intro', { orderNo: order.orderNo }),
        t('mail.shippingNotice.tracking', { carrier: order.carrier ?? '', trackingNumber: order.trackingNumber ?? '' }),
        ...(order.deliveryAddress ? [t('mail.order.deliverTo', { address: describeAddress(order.deliveryAddress, order) })] : []),
      ],
      action: { label: t('mail.order.action'), url: link },
      outro: [t('mail.shippingNotice.outro')],
      signature: t('mail.signature'),
    }),
  };
}

async function customerName(deps: MailDeps, order: OrderRow): Promise<string> {
  const [customer] = await deps.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, order.userId));
  return customer?.firstName ?? order.deliveryAddress?.firstName ?? '';
}

export async function sendOrderConfirmation(deps: MailDeps, orderId: number): Promise<void> {
  const order = await findOrder(deps.db, orderId);
  const lines = (await loadLines(deps.db, [order.id])).get(order.id) ?? [];
  await deps.mailer.send(orderConfirmationMail(order, lines, await customerName(deps, order), orderUrl(deps, order)));
}

export async function sendShippingNotice(deps: MailDeps, orderId: number): Promise<void> {
  const order = await findOrder(deps.db, orderId);
  await deps.mailer.send(shippingNoticeMail(order, await customerName(deps, order), orderUrl(deps, order)));
}
