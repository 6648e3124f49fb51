import { and, asc, eq } from 'drizzle-orm';
import { areaNames } from '@/features/delivery/delivery-areas';
import { translate, type MessageKey } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import { taxName } from '@/features/shipping/tax-names';
import type { ShopDeps } from '@/server/deps';
import type { Executor } from '@/server/db/client';
import {
  productTexts,
  orderLines,
  orders,
  productSizeTexts,
  users,
  type DeliveryAddressSnapshot,
} from '@/server/db/schema';
import { composeMail } from '@/server/mail/layout';
import type { Mail } from '@/server/mail/mailer';
import { queueMail } from '@/server/mail/outbox';
import type { OrderLine } from './orders.schema';
import { lineView, orderNotFound, type OrderRow } from './orders.service';

/*
 * Mails about an order, in the language stored on it (the customer's, at checkout). They are discreet
 * by default: subject and body give the order number, how many items, the amounts and the address, and
 * name no product unless the customer asked for names on the account page (docs/decisions/035-privacy.md).
 * Any new mail about goods (refunds, gifts) goes through `describeItems` the same way.
 */

/** `db`: the transaction of the event that owes the mail. */
type MailDeps = { db: Executor; config: Pick<ShopDeps['config'], 'publicOrigin' | 'mail'> };

function translatorFor(order: OrderRow) {
  return (key: MessageKey, params?: Record<string, string | number>) => translate(order.language, key, params);
}

function describeAddress(address: DeliveryAddressSnapshot, order: OrderRow): string {
  const { countryName, stateName } = areaNames(address.country, address.state, order.language);
  return [
    `${address.firstName} ${address.lastName}`,
    address.address,
    address.address2,
    `${address.city}, ${stateName} ${address.zipCode}`,
    countryName,
  ]
    .filter((part) => part.trim() !== '')
    .join(', ');
}

/** Where the mail's button leads: the order's details, or the energy page for a recharge. */
const orderUrl = (deps: MailDeps, order: OrderRow) =>
  order.kind === 'recharge'
    ? `${deps.config.publicOrigin}/order/energy`
    : `${deps.config.publicOrigin}/my/order/details?orderId=${order.id}`;

/** Who the mail is for: the name it greets, whether it may name the items, and who signs it. */
export type MailReader = { greetingName: string; showItemNames: boolean; senderName: string };

/**
 * The goods of an order as a mail may say them: each line by name only when the customer opted in,
 * otherwise just how many items there are (the order page shows them after sign-in).
 */
export function describeItems(order: OrderRow, lines: OrderLine[], showItemNames: boolean): string[] {
  const t = translatorFor(order);
  if (!showItemNames)
    return [t('mail.order.items', { count: lines.reduce((sum, line) => sum + line.goodsQuantity, 0) })];
  return lines.map((line) =>
    t('mail.order.line', {
      quantity: line.goodsQuantity,
      goodsName: line.goodsName,
      specificationName: line.specificationName,
      amount: formatMoney(line.unitPrice * line.goodsQuantity, order.currency),
    }),
  );
}

export function orderConfirmationMail(order: OrderRow, lines: OrderLine[], reader: MailReader, link: string): Mail {
  if (order.kind === 'recharge') return rechargeMail(order, reader, link);
  const t = translatorFor(order);
  const money = (amount: number) => formatMoney(amount, order.currency);
  return {
    to: order.email,
    subject: t('mail.orderConfirmation.subject', { orderNo: order.orderNo }),
    ...composeMail({
      greeting: t('mail.greeting', { name: reader.greetingName }),
      intro: [
        t('mail.orderConfirmation.intro', { orderNo: order.orderNo }),
        ...describeItems(order, lines, reader.showItemNames),
        t('mail.order.goodsTotal', { amount: money(order.goodsTotal) }),
        ...(order.discountAmount > 0
          ? [t('mail.orderConfirmation.discount', { amount: money(order.discountAmount) })]
          : []),
        ...chargeLines(order, t, money),
        t('mail.orderConfirmation.paid', { amount: money(order.payAmount), paymentNumber: order.paymentNumber ?? '' }),
        ...(order.deliveryAddress
          ? [t('mail.order.deliverTo', { address: describeAddress(order.deliveryAddress, order) })]
          : []),
      ],
      action: { label: t('mail.order.action'), url: link },
      outro: [],
      signature: reader.senderName,
    }),
  };
}

/** The order's shipping and tax as its details show them: tax added, or the part of the prices it is. */
function chargeLines(
  order: OrderRow,
  t: ReturnType<typeof translatorFor>,
  money: (amount: number) => string,
): string[] {
  const method = order.shippingMethod?.name[order.language];
  return [
    ...(method ? [t('mail.orderConfirmation.shipping', { method, amount: money(order.shippingAmount) })] : []),
    ...(order.taxLabel
      ? [
          t(order.taxIncluded ? 'mail.orderConfirmation.taxIncluded' : 'mail.orderConfirmation.taxAdded', {
            label: taxName(t, order.taxLabel),
            amount: money(order.taxAmount),
          }),
        ]
      : []),
  ];
}

/** A paid recharge: its points are in the balance already (it completes as it is paid). */
function rechargeMail(order: OrderRow, reader: MailReader, energyLink: string): Mail {
  const t = translatorFor(order);
  const points = order.energyPoints ?? 0;
  return {
    to: order.email,
    subject: t('mail.recharge.subject', { points }),
    ...composeMail({
      greeting: t('mail.greeting', { name: reader.greetingName }),
      intro: [
        t('mail.recharge.intro', { points, orderNo: order.orderNo }),
        t('mail.orderConfirmation.paid', {
          amount: formatMoney(order.payAmount, order.currency),
          paymentNumber: order.paymentNumber ?? '',
        }),
      ],
      action: { label: t('mail.recharge.action'), url: energyLink },
      outro: [],
      signature: reader.senderName,
    }),
  };
}

export function shippingNoticeMail(order: OrderRow, lines: OrderLine[], reader: MailReader, link: string): Mail {
  const t = translatorFor(order);
  return {
    to: order.email,
    subject: t('mail.shippingNotice.subject', { orderNo: order.orderNo }),
    ...composeMail({
      greeting: t('mail.greeting', { name: reader.greetingName }),
      intro: [
        t('mail.shippingNotice.intro', { orderNo: order.orderNo }),
        ...describeItems(order, lines, reader.showItemNames),
        t('mail.shippingNotice.tracking', { carrier: order.carrier ?? '', trackingNumber: order.trackingNumber ?? '' }),
        ...(order.deliveryAddress
          ? [t('mail.order.deliverTo', { address: describeAddress(order.deliveryAddress, order) })]
          : []),
      ],
      action: { label: t('mail.order.action'), url: link },
      outro: [t('mail.shippingNotice.outro')],
      signature: reader.senderName,
    }),
  };
}

/** The order's customer as a mail addresses them: their first name and their choice about item names. */
export async function mailReaderOf(deps: MailDeps, order: OrderRow): Promise<MailReader> {
  const [customer] = await deps.db
    .select({ firstName: users.firstName, showItemNames: users.showItemNamesInMail })
    .from(users)
    .where(eq(users.id, order.userId));
  return {
    greetingName: customer?.firstName ?? order.deliveryAddress?.firstName ?? '',
    showItemNames: customer?.showItemNames ?? false,
    senderName: deps.config.mail.senderName,
  };
}

/**
 * The order, its lines (named in its language) and its customer as the mail addresses them, in one
 * read: the order with its customer and lines joined on.
 */
async function mailFactsOf(
  deps: MailDeps,
  orderId: number,
): Promise<{ order: OrderRow; lines: OrderLine[]; reader: MailReader }> {
  const rows = await deps.db
    .select({
      order: orders,
      firstName: users.firstName,
      showItemNames: users.showItemNamesInMail,
      line: orderLines,
      goodsName: productTexts.name,
      specificationName: productSizeTexts.name,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
    .leftJoin(
      productTexts,
      and(eq(productTexts.goodsId, orderLines.goodsId), eq(productTexts.language, orders.language)),
    )
    .leftJoin(
      productSizeTexts,
      and(
        eq(productSizeTexts.specificationId, orderLines.specificationId),
        eq(productSizeTexts.language, orders.language),
      ),
    )
    .where(eq(orders.id, orderId))
    .orderBy(asc(orderLines.id));
  const [first] = rows;
  if (!first) throw orderNotFound();
  const { order } = first;
  return {
    order,
    lines: rows.flatMap(({ line, goodsName, specificationName }) =>
      line ? [lineView({ line, goodsName, specificationName })] : [],
    ),
    reader: {
      greetingName: first.firstName ?? order.deliveryAddress?.firstName ?? '',
      showItemNames: first.showItemNames ?? false,
      senderName: deps.config.mail.senderName,
    },
  };
}

/**
 * The confirmation an order awaiting payment is owed once `paymentNumber` pays it, composed before the
 * statement that pays it so that statement can queue it (payments.service.ts): one read, as before.
 */
export async function orderConfirmationFor(deps: MailDeps, orderId: number, paymentNumber: string): Promise<Mail> {
  const { order, lines, reader } = await mailFactsOf(deps, orderId);
  const paid = { ...order, paymentNumber };
  return orderConfirmationMail(paid, lines, reader, orderUrl(deps, paid));
}

/** Queues the confirmation of a paid order on `deps.db`, the transaction that paid it. */
export async function queueOrderConfirmation(deps: MailDeps, orderId: number): Promise<void> {
  const { order, lines, reader } = await mailFactsOf(deps, orderId);
  await queueMail(deps.db, 'order-confirmation', orderConfirmationMail(order, lines, reader, orderUrl(deps, order)));
}

/** Queues the shipping notice on `deps.db`, the transaction that ships the order. */
export async function queueShippingNotice(deps: MailDeps, orderId: number): Promise<void> {
  const { order, lines, reader } = await mailFactsOf(deps, orderId);
  await queueMail(deps.db, 'shipping-notice', shippingNoticeMail(order, lines, reader, orderUrl(deps, order)));
}
