import { withAdmin } from "@/server/admin/guard";
import { resendCustomerVerification } from "@/server/admin/actions";
import { getDb } from "@/server/db";
import { customerIdParamSchema } from "@/lib/schemas/admin";

// POST /api/admin/customers/{id}/resend-verification: staff; {sent: true} (409 once the e-mail is confirmed).
export const POST = withAdmin<{ id: string }>(async ({ params, site, user }) => {
  const { id } = customerIdParamSchema.parse(params);
  await resendCustomerVerification(await getDb(), { adminId: user.id, site, now: new Date() }, id);
  return Response.json({ sent: true });
});
