"use client";
/**
 * The sign gallery's calls to the server (user settings are in src/editor/core/settings/): the user's
 * personal signs, the organisation's sign gallery and the administrators' artwork overrides. Bodies and
 * answers are typed by src/lib/schemas/signs.ts, as the route handlers are.
 *
 * A 404 from a list means the server does not offer it (the tab is then not shown); these loads never
 * toast: a failed load is logged and the gallery shows what it has (core §8: "Failed loads of …: logged;
 * state stays empty or unloaded").
 */
import { api, ApiRequestError } from "@/client/api";
import {
  PERSONAL_SIGN_DELETED,
  type OrganisationSignDto,
  type OrganisationSignGalleryDto,
  type PersonalSignDto,
  type SignArtworkMap,
} from "@/lib/schemas/signs";

const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

/** The user's personal signs; null when the server offers none. */
export async function fetchPersonalSigns(): Promise<PersonalSignDto[] | null> {
  try {
    return await api.get<PersonalSignDto[]>("/personal-signs", { toast: false });
  } catch (error) {
    if (!isNotFound(error)) console.error("personal signs: load failed", error);
    return null;
  }
}

/**
 * Uploads a personal sign (multipart: file, name). Errors are not toasted: the upload dialog shows them,
 * in the server's words when it sent some.
 */
export function uploadPersonalSign(file: File, name: string): Promise<PersonalSignDto> {
  const form = new FormData();
  form.append("file", file);
  form.append("name", name);
  return api.post<PersonalSignDto>("/personal-signs", form, { toast: false });
}

/** Removes a personal sign from the gallery; signs already placed keep their image. A failure is toasted. */
export async function deletePersonalSign(id: number): Promise<void> {
  await api.delete(`/personal-signs/${id}`);
}

/** The organisation's sign gallery; null without an organisation or when the server offers none. */
export async function fetchOrganisationSigns(): Promise<OrganisationSignGalleryDto | null> {
  try {
    return await api.get<OrganisationSignGalleryDto>("/organisation-signs", { toast: false });
  } catch (error) {
    // 403/404 "not in an organisation" is the normal case for a user on their own.
    if (!(error instanceof ApiRequestError) || error.status >= 500 || error.status === 0)
      console.error("organisation signs: load failed", error);
    return null;
  }
}

/** Adds a sign to the organisation's gallery (owner and administrators); errors are shown by the upload dialog. */
export function uploadOrganisationSign(file: File, name: string): Promise<OrganisationSignDto> {
  const form = new FormData();
  form.append("file", file);
  form.append("name", name);
  return api.post<OrganisationSignDto>("/organisation-signs", form, { toast: false });
}

/** Removes a sign from the organisation's gallery for every member; placed signs keep their image. A failure is toasted. */
export async function deleteOrganisationSign(id: number): Promise<void> {
  await api.delete(`/organisation-signs/${id}`);
}

/**
 * The artwork overrides, by catalogue id. Read in the read-only view too, where no one is logged in,
 * so the shared handling (which would end a session on 401) is off.
 */
export async function fetchArtworkOverrides(): Promise<Map<string, string>> {
  try {
    const map = await api.get<SignArtworkMap>("/sign-artwork", { toast: false, sharedHandling: false });
    return new Map(Object.entries(map ?? {}).filter(([, url]) => typeof url === "string"));
  } catch (error) {
    if (!isNotFound(error)) console.error("sign artwork: load failed", error);
    return new Map();
  }
}

/** A placed personal sign's number and key, read from its image URL (/api/sign-images/{key}/personal_{id}.webp). */
export function personalSignRef(imageUrl: string): { id: number; key: string | null } | null {
  const segments = (imageUrl.split(/[?#]/, 1)[0] ?? "").split("/");
  const match = /^personal_(\d+)(?:\.\w+)?$/.exec(segments[segments.length - 1] ?? "");
  if (!match) return null;
  const key = segments[segments.length - 2] ?? "";
  return { id: Number(match[1]), key: /^[a-f0-9]{32}$/.test(key) ? key : null };
}

/**
 * Whether a placed personal sign still exists. A deleted one answers its base sign's catalogue id (or
 * null when it had none) so the edit dialog can open that instead, with a warning (spec 2-content §3).
 */
export async function checkPersonalSign(imageUrl: string): Promise<{ deleted: false } | { deleted: true; baseSignId: string | null }> {
  const ref = personalSignRef(imageUrl);
  if (!ref) return { deleted: false };
  try {
    await api.get(`/personal-signs/personal_${ref.id}${ref.key ? `?key=${ref.key}` : ""}`, { toast: false });
    return { deleted: false };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) {
      const body = error.body as { code?: string; baseSignId?: string | null } | null;
      if (body?.code === PERSONAL_SIGN_DELETED) return { deleted: true, baseSignId: body.baseSignId ?? null };
    }
    return { deleted: false }; // unknown: edit it as it is
  }
}
