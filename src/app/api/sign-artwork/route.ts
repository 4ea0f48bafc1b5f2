import { withApi } from "@/server/api/handler";
import { listSignArtwork } from "@/server/signs/artwork";

// GET /api/sign-artwork (public): {[catalogue id]: artwork URL}, which the gallery and editor prefer over the built-in file.
export const GET = withApi(async () => {
  // Short: an admin's replacement should reach open editors soon; the images themselves are immutable.
  return Response.json(await listSignArtwork(), { headers: { "cache-control": "public, max-age=60" } });
});
