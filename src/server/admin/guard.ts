import "server-only";
import { withUser, type UserApiContext } from "../api/handler";
import { ApiError } from "../api/errors";
import { isAdmin } from "../accounts/service";
import { serverTranslator } from "../i18n";

/**
 * Wraps an /api/admin route handler (issue 32): a staff admin only, asked of the database on every
 * request (a token never says who is staff, so taking the flag away takes effect at once). Anonymous
 * callers get the usual 401; a signed-in user who is not staff gets the same 404 as an unknown path, so
 * the admin API does not reveal that it exists. Staff are never refused for billing (allowBlocked).
 */
export function withAdmin<P = Record<string, never>>(handler: (ctx: UserApiContext<P>) => Promise<Response>) {
  return withUser<P>(
    async (ctx) => {
      if (!(await isAdmin(ctx.user.id))) throw new ApiError(404, serverTranslator(ctx.site)("api.auth.notFound"));
      return handler(ctx);
    },
    { allowBlocked: true },
  );
}
