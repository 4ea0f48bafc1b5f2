import { withUser } from "@/server/api/handler";
import { handleTusRequest } from "@/server/archive/tus";

/*
 * The archive's resumable uploads (tus 1.0.0) at ARCHIVE_TUS_PATH: POST /api/archive/uploads creates one
 * (Upload-Length, Upload-Metadata projectId, folderId, filename, filetype); HEAD and PATCH
 * /api/archive/uploads/{id} resume it; DELETE abandons it. The last PATCH answers 200 with the file.
 */
type Params = { id?: string[] };

export const POST = withUser<Params>(async ({ req, call, user, params }) => handleTusRequest(call, user, req, params.id));
export const PATCH = withUser<Params>(async ({ req, call, user, params }) => handleTusRequest(call, user, req, params.id));
export const HEAD = withUser<Params>(async ({ req, call, user, params }) => handleTusRequest(call, user, req, params.id));
export const DELETE = withUser<Params>(async ({ req, call, user, params }) => handleTusRequest(call, user, req, params.id));
