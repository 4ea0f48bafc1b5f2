import { withAdmin } from "@/server/admin/guard";
import { assertCanReplaceSignArtwork, replaceSignArtwork, revertSignArtwork } from "@/server/signs/artwork";
import { readSignUploadForm } from "@/server/signs/upload";
import { signArtworkParamSchema } from "@/lib/schemas/signs";

// PUT /api/admin/sign-artwork/{signId} (multipart: file = SVG or PNG): staff (withAdmin: 404 for others); {signId, imageUrl, contentType, uploadedAt}.
export const PUT = withAdmin<{ signId: string }>(async ({ req, params, call, user }) => {
  const { signId } = signArtworkParamSchema.parse(params);
  await assertCanReplaceSignArtwork(call, user, signId); // before the body is read
  const form = await readSignUploadForm(req, call.site);
  return Response.json(await replaceSignArtwork(call, user, signId, form.file));
});

// DELETE /api/admin/sign-artwork/{signId}: staff; back to the built-in drawing, {signId, reverted: true}.
export const DELETE = withAdmin<{ signId: string }>(async ({ params, call, user }) => {
  const { signId } = signArtworkParamSchema.parse(params);
  return Response.json(await revertSignArtwork(call, user, signId));
});
