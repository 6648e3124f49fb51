// Wrong on purpose: a feature importing a feature above it (orders ranks above cart), by a type alone.
import type { orderPayMethods } from '../orders/orders';

export type CartPayMethod = (typeof orderPayMethods)[number];
