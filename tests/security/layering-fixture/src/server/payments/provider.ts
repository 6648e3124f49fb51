// Wrong on purpose: a platform file that reaches up into a feature.
import { orderPayMethods } from '../../features/orders/orders';

export const providerMethods = [...orderPayMethods];
