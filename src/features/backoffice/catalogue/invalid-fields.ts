import * as ErrorCode from '@/lib/error-codes';
import { ShopError } from '@/server/http/errors';

/**
 * The import format's complaints, each with the path of the field, for the form to show beside it;
 * a `reason` the page words itself is passed on. `whole` names the field when no path does.
 */
export function invalidFields(issues: { path: PropertyKey[]; message: string; reason?: string }[], whole: string) {
  return new ShopError(ErrorCode.IllegalRequest, {
    field: issues[0]?.path.join('.') || whole,
    data: {
      issues: issues.map((issue) => ({
        path: issue.path.join('.'),
        message: issue.message,
        ...(issue.reason ? { reason: issue.reason } : {}),
      })),
    },
  });
}
export const invalidProduct = (issues: Parameters<typeof invalidFields>[0]) => invalidFields(issues, 'product');
