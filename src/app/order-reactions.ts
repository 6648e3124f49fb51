import {
  creditPaidRecharge,
  creditRebates,
  refundOrderPoints,
  returnOrderPoints,
  takeBackOrderPoints,
} from '@/features/energy/energy.hooks';
import { wireOrderHooks } from '@/features/orders/order-hooks';

/*
 * What an order's money sets off, wired once for every entry point that imports the assembly's API,
 * CLI or jobs: the energy ledger follows the order (decision 018).
 */
wireOrderHooks({
  paid: creditPaidRecharge,
  rebatesDue: creditRebates,
  moneyWentBack: takeBackOrderPoints,
  moneyCameBack: returnOrderPoints,
  refunded: refundOrderPoints,
});
