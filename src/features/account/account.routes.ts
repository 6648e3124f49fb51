import { createRoute, z } from '@hono/zod-openapi';
import { userInfoSchema } from '@/features/auth/auth.schema';
import { toUserInfo } from '@/features/auth/auth.service';
import { clientAddress, countPasswordGuess } from '@/features/auth/rate-limit';
import { requireUser, signedInOf, signedInRoute, type User } from '@/features/auth/session';
import * as ErrorCode from '@/lib/error-codes';
import { limits } from '@/lib/validation';
import type { ShopDeps } from '@/server/deps';
import { limitBody } from '@/server/http/body';
import { ShopError } from '@/server/http/errors';
import { createRouter, envelope, jsonRoute, ok } from '@/server/http/router';
import { changePasswordBodySchema, phoneBodySchema, userInfoBodySchema, userNameBodySchema } from './account.schema';
import { changePassword, replaceHeadPicture, updateProfile } from './account.service';

const tag = 'Account';
/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_ALLOWANCE = 64 * 1024;
const avatarTooLarge = () => new ShopError(ErrorCode.IllegalRequest, { field: 'file', status: 413 });

const headPictureFormSchema = z.object({
  file: z.instanceof(File).openapi({
    type: 'string',
    format: 'binary',
    description: 'A JPEG or PNG of at most 5 MB, recognised by its content whatever its name',
  }),
});

export function accountRoutes(deps: ShopDeps) {
  const signedIn = requireUser(deps);
  const userInfo = (user: User) => toUserInfo(user, deps.storage.url);
  // The API's JSON body limit skips this route (see multipartPaths); the upload has its own, counted while it streams in.
  const avatarBodyLimit = limitBody(limits.avatarBytesMax + MULTIPART_ALLOWANCE, { field: 'file' });

  return createRouter()
    .openapi(
      signedInRoute(
        jsonRoute({
          method: 'put',
          tag,
          path: '/updatePassword',
          summary: "Change the password; the customer's other sessions end",
          body: changePasswordBodySchema,
          data: userInfoSchema,
        }),
        signedIn,
      ),
      async (c) => {
        const { user } = signedInOf(c);
        await countPasswordGuess(deps.db, deps.config.limits, {
          action: 'sign-in',
          address: clientAddress(c, deps.config),
          account: user.email,
        });
        await changePassword(deps, signedInOf(c), c.req.valid('json'));
        return ok(c, userInfo(user));
      },
    )
    .openapi(
      signedInRoute(
        jsonRoute({
          method: 'put',
          tag,
          path: '/updateUserInfo',
          summary: 'Change name, phone and mail language',
          body: userInfoBodySchema,
          data: userInfoSchema,
        }),
        signedIn,
      ),
      async (c) => {
        const { firstName, lastName, phone, language } = c.req.valid('json');
        return ok(
          c,
          userInfo(await updateProfile(deps.db, signedInOf(c).user.id, { firstName, lastName, phone, language })),
        );
      },
    )
    .openapi(
      signedInRoute(
        jsonRoute({
          method: 'put',
          tag,
          path: '/updateUserName',
          summary: 'Change first and last name',
          body: userNameBodySchema,
          data: userInfoSchema,
        }),
        signedIn,
      ),
      async (c) => {
        const { firstName, lastName } = c.req.valid('json');
        return ok(c, userInfo(await updateProfile(deps.db, signedInOf(c).user.id, { firstName, lastName })));
      },
    )
    .openapi(
      signedInRoute(
        jsonRoute({
          method: 'put',
          tag,
          path: '/updatePhone',
          summary: 'Change the phone number (empty to remove it)',
          body: phoneBodySchema,
          data: userInfoSchema,
        }),
        signedIn,
      ),
      async (c) =>
        ok(c, userInfo(await updateProfile(deps.db, signedInOf(c).user.id, { phone: c.req.valid('json').phone }))),
    )
    .openapi(
      signedInRoute(
        createRoute({
          method: 'put',
          path: '/updateHeadPicture',
          tags: [tag],
          summary: 'Upload an avatar: JPEG or PNG up to 5 MB, stored as a 256 × 256 WebP',
          request: { body: { content: { 'multipart/form-data': { schema: headPictureFormSchema } }, required: true } },
          responses: envelope(userInfoSchema, 'The customer with the new avatar'),
        }),
        signedIn,
        avatarBodyLimit,
      ),
      async (c) => {
        const { file } = c.req.valid('form');
        if (file.size > limits.avatarBytesMax) throw avatarTooLarge();
        const user = await replaceHeadPicture(deps, signedInOf(c).user.id, Buffer.from(await file.arrayBuffer()));
        return ok(c, userInfo(user));
      },
    );
}
