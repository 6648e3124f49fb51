import { count, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { orders } from '@/server/db/schema';
import { addGauge } from '@/server/metrics';
import { OrderStatus } from '@/lib/order-status';

/** The orders awaiting payment, counted when the metrics are scraped (an index on the status answers it). */
export function countUnpaidOrdersInMetrics(db: Database) {
  addGauge({
    name: 'shop_orders_unpaid',
    help: 'Orders placed and awaiting payment',
    read: async () =>
      (await db.select({ unpaid: count() }).from(orders).where(eq(orders.status, OrderStatus.PaymentPending)))[0]
        ?.unpaid ?? 0,
  });
}
