import { createRoute, z } from '@hono/zod-openapi';
import { clientAddress, countPasswordGuess } from '@/features/auth/rate-limit';
import { clearSessionCookie, requireUser, signedInOf, signedInRoute } from '@/features/auth/session';
import type { ShopDeps } from '@/server/deps';
import { createRouter, getRoute, jsonRoute, ok } from '@/server/http/router';
import { buildDataExport } from './data-export';
import { deleteAccountBodySchema, mailPreferenceChangeSchema, mailPreferenceSchema } from './privacy.schema';
import { deleteOwnAccount, getMailPreference, updateMailPreference } from './privacy.service';

const tag = 'Privacy';
const none = z.object({});

export function privacyRoutes(deps: ShopDeps) {
  const signedIn = requireUser(deps);

  return createRouter()
    .openapi(
      signedInRoute(
        getRoute({
          tag,
          path: '/getMailPreference',
          summary:
            'Whether mails name the items bought, and whether a review request may be mailed (both off by default)',
          query: none,
          data: mailPreferenceSchema,
        }),
        signedIn,
      ),
      async (c) => ok(c, await getMailPreference(deps.db, signedInOf(c).user.id)),
    )
    .openapi(
      signedInRoute(
        jsonRoute({
          method: 'put',
          tag,
          path: '/updateMailPreference',
          summary: 'Opt in to, or out of, item names in mails and review requests',
          body: mailPreferenceChangeSchema,
          data: mailPreferenceSchema,
        }),
        signedIn,
      ),
      async (c) => ok(c, await updateMailPreference(deps.db, signedInOf(c).user.id, c.req.valid('json'))),
    )
    .openapi(
      signedInRoute(
        createRoute({
          method: 'get',
          path: '/exportMyData',
          tags: [tag],
          summary:
            "Download my data: the customer's profile, addresses, orders, energy ledger, gifts, friends (masked) and share records, as a JSON file",
          responses: {
            200: {
              description: 'The data, as an attachment',
              content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
            },
          },
        }),
        signedIn,
      ),
      async (c) => {
        const data = await buildDataExport(deps.db, deps.storage, signedInOf(c).user.id);
        c.header('Content-Disposition', `attachment; filename="my-data-${data.exportedAt.slice(0, 10)}.json"`);
        return c.json(data, 200);
      },
    )
    .openapi(
      signedInRoute(
        jsonRoute({
          method: 'post',
          tag,
          path: '/deleteAccount',
          summary: 'Erase my account: the password confirms; -240 while an order is unfinished; signs out everywhere',
          body: deleteAccountBodySchema,
          data: z.null(),
        }),
        signedIn,
      ),
      async (c) => {
        const signed = signedInOf(c);
        // A wrong password counts like a failed sign-in, so this cannot be used to guess it.
        await countPasswordGuess(deps.db, deps.config.limits, {
          action: 'sign-in',
          address: clientAddress(c, deps.config),
          account: signed.user.email,
        });
        await deleteOwnAccount(deps, signed, c.req.valid('json'));
        clearSessionCookie(c, deps.config);
        return ok(c, null);
      },
    );
}
