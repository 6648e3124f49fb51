import type { OrderDeps } from '@/features/orders/orders.service';
import { createRouter } from '@/server/http/router';
import { advertRoutes } from './adverts/adverts.routes';
import { auditLogRoutes } from './audit-log/audit-log.routes';
import { catalogueRoutes } from './catalogue/catalogue.routes';
import { customersRoutes } from './customers/customers.routes';
import { mailOutboxRoutes } from './mail/mail.routes';
import { operatorRoutes } from './operators/operators.routes';
import { secondFactorRoutes } from './operators/second-factor.routes';
import { ordersBoardRoutes } from './orders/orders-board.routes';
import { priceGridRoutes } from './prices/price-grid.routes';
import type { Publisher } from './publish/publishing';
import { publishRoutes } from './publish/publish.routes';
import { reviewModerationRoutes } from './reviews/reviews.routes';
import { salesRulesRoutes } from './sales-rules/sales-rules.routes';
import { shippingRoutes } from './shipping/shipping.routes';
import { verifyCodesRoutes } from './verify-codes/verify-codes.routes';

/** What the back office needs beyond the shop's: the local page publish, where the shop is started with one. */
export type BackOfficeDeps = OrderDeps & { publish?: Publisher | undefined };

/**
 * The back office's API under /api/v1/admin, one router per section. Every route but sign-in checks
 * the operator's role (operators/operator-auth.ts).
 */
export function backOfficeRoutes(deps: BackOfficeDeps) {
  return createRouter()
    .route('/', operatorRoutes(deps))
    .route('/', secondFactorRoutes(deps))
    .route('/', ordersBoardRoutes(deps))
    .route('/', customersRoutes(deps))
    .route('/', mailOutboxRoutes(deps))
    .route('/', verifyCodesRoutes(deps))
    .route('/', publishRoutes(deps))
    .route('/', auditLogRoutes(deps))
    .route('/catalogue', catalogueRoutes(deps))
    .route('/catalogue', priceGridRoutes(deps))
    .route('/adverts', advertRoutes(deps))
    .route('/reviews', reviewModerationRoutes(deps))
    .route('/shipping', shippingRoutes(deps))
    .route('/sales-rules', salesRulesRoutes(deps));
}
