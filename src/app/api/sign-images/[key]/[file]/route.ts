import { withApi } from "@/server/api/handler";
import { userFileResponse } from "@/server/files/serve";
import { readSignImage } from "@/server/signs/images";
import { signImageParamSchema } from "@/lib/schemas/signs";

// GET /api/sign-images/{key}/{file} (public; the 128-bit key is the capability): an uploaded sign image,
// e.g. …/personal_12.webp, …/organisation_3.webp, …/A11.svg. Without a bearer token, so <img>, OpenLayers
// and the read-only view load it; a key never changes content, so it is cached for a year.
export const GET = withApi<{ key: string; file: string }>(async ({ params, call }) => {
  const { key, file } = signImageParamSchema.parse(params);
  const image = await readSignImage(call, key, file);
  return userFileResponse(image, { stem: file.replace(/\.[a-z]+$/, ""), cacheControl: "public, max-age=31536000, immutable" });
});
