import { withUser } from "@/server/api/handler";
import { assertCanReplaceSignArtwork, replaceSignArtwork, revertSignArtwork } from "@/server/signs/artwork";
import { readSignUploadForm } from "@/server/signs/upload";
import { signArtworkParamSchema } from "@/lib/schemas/signs";

// PUT /api/admin/sign-artwork/{signId} (multipart: file = SVG or PNG): admins; {signId, imageUrl, contentType, uploadedAt}.
export const PUT = withUser<{ signId: string }>(async ({ req, params, call, user }) => {
  const { signId } = signArtworkParamSchema.parse(params);
  await assertCanReplaceSignArtwork(call, user, signId); // before the body is read
  const form = await readSignUploadForm(req, call.site);
  return Response.json(await replaceSignArtwork(call, user, signId, form.file));
});

// DELETE /api/admin/sign-artwork/{signId}: admins; back to the built-in drawing, {signId, reverted: true}.
export const DELETE = withUser<{ signId: string }>(async ({ params, call, user }) => {
  const { signId } = signArtworkParamSchema.parse(params);
  return Response.json(await revertSignArtwork(call, user, signId));
});
