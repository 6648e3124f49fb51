import { createRoute } from '@hono/zod-openapi';
import { recordAudit } from '@/features/audit/audit';
import { issueVerificationCodes } from '@/features/verify/verify.service';
import * as ErrorCode from '@/lib/error-codes';
import type { ShopDeps } from '@/server/deps';
import { ShopError } from '@/server/http/errors';
import { createRouter } from '@/server/http/router';
import { csvHeaders, csvResponse, csvText } from '../csv';
import { actorOf, requireOperator } from '../operators/operator-auth';
import { verifyCodesBodySchema } from './verify-codes.schema';

const tag = 'Back office';

/** Batches of anti-counterfeit codes for the label printer, under /api/v1/admin/verifyCodes (admin only). */
export function verifyCodesRoutes(deps: ShopDeps) {
  const guard = () => ({ middleware: requireOperator(deps, 'verify-codes.issue') });
  return createRouter().openapi(
    {
      ...createRoute({
        method: 'post',
        path: '/verifyCodes/issue',
        tags: [tag],
        summary: 'Issue a batch of anti-counterfeit codes for a size; answers them as CSV (code,link)',
        request: { body: { content: { 'application/json': { schema: verifyCodesBodySchema } }, required: true } },
        responses: csvResponse('CSV, one code and its QR link a row'),
      }),
      ...guard(),
    },
    async (c) => {
      const { sku, count } = c.req.valid('json');
      const codes = await issueVerificationCodes(deps.db, { sku, count, publicOrigin: deps.config.publicOrigin }).catch(
        (error: Error) => {
          if (error.message.startsWith('no specification'))
            throw new ShopError(ErrorCode.ProductNotFound, { field: 'sku', status: 404 });
          throw error;
        },
      );
      await recordAudit(deps.db, actorOf(c), {
        action: 'verify-codes.issue',
        subject: sku,
        after: { count: codes.length },
      });
      return c.body(
        csvText(
          ['code', 'link'],
          codes.map(({ code, link }) => [code, link]),
        ),
        200,
        csvHeaders(`verification-codes-${sku}-${codes.length}.csv`),
      );
    },
  );
}
