"use client";
/**
 * The project and plan calls of core §7, typed, on top of the one API client (src/client/api.ts), so
 * every call gets its site header, bearer token and shared error handling from there. The callers show
 * errors next to what failed, so they pass `toast: false` where they do.
 */
import { api, type ApiCallOptions } from "@/client/api";
import type { ProjectDto } from "@/lib/schemas/project";
import type { ShareLinkDto, SignplanDto, SignplanSummaryDto } from "@/lib/schemas/signplan";

/** Which lifecycle list (core §4): active, archived, or deleted to the trash. */
export type ListKind = "active" | "archived" | "deleted";

type Options = Pick<ApiCallOptions<unknown>, "toast" | "signal" | "sharedHandling">;

export function listProjects(kind: ListKind, options?: Options): Promise<ProjectDto[]> {
  return api.get<ProjectDto[]>(kind === "active" ? "/project" : `/project/${kind}`, options);
}

export function createProject(name: string, options?: Options): Promise<ProjectDto> {
  return api.post<ProjectDto>("/project", { name, isShared: false }, options);
}

export function renameProject(id: number, name: string, options?: Options): Promise<ProjectDto> {
  return api.put<ProjectDto>(`/project/${id}`, { name }, options);
}

/** Permanent (core §4): the UI confirms first. Without an organisation the server answers 400. */
export function shareProject(id: number, options?: Options): Promise<ProjectDto> {
  return api.put<ProjectDto>(`/project/${id}/share`, { isShared: true }, options);
}

export type ProjectAction = "archive" | "unarchive" | "restore" | "delete";

/** Moves a project between the lifecycle lists; delete takes its plans to the trash too. */
export function changeProject(id: number, action: ProjectAction, options?: Options): Promise<unknown> {
  return action === "delete" ? api.delete(`/project/${id}`, undefined, options) : api.post(`/project/${id}/${action}`, undefined, options);
}

/** Active plans of one project, or every archived or deleted plan of the user. */
export function listPlans(
  query: { projectId: number } | { kind: "archived" | "deleted" },
  options?: Options,
): Promise<SignplanSummaryDto[]> {
  const path = "projectId" in query ? `/signplan?project_id=${query.projectId}` : `/signplan/${query.kind}`;
  return api.get<SignplanSummaryDto[]>(path, options);
}

/**
 * A plan's answer is not copied through a schema here (it may be megabytes; the page validates its
 * content once, src/client/plan-content.ts); it must be this plan, with a version and content, or the call fails
 * with INVALID_RESPONSE: an unreadable answer (a proxy's page, a cut connection) is an error to show,
 * not a plan that never comes.
 */
export function isPlanAnswer(data: unknown, id: number): boolean {
  if (typeof data !== "object" || data === null) return false;
  const plan = data as Partial<Record<keyof SignplanDto, unknown>>;
  return plan.id === id && typeof plan.version === "number" && typeof plan.content === "object" && plan.content !== null;
}

export function getPlan(id: number, options?: Options): Promise<SignplanDto> {
  return api.get<SignplanDto>(`/signplan/${id}`, { ...options, accept: (data) => isPlanAnswer(data, id) });
}

export interface NewPlan {
  name: string;
  project_id: number;
  paperSize?: string;
  scale?: string;
}

/** The server fills in the default content (core §3). */
export function createPlan(plan: NewPlan, options?: Options): Promise<SignplanDto> {
  return api.post<SignplanDto>("/signplan", plan, options);
}

/**
 * The background image or PDF of a new plan, as multipart/form-data with the field "file". The API
 * client sends a FormData body as it is (the browser sets the boundary), so the shared handling applies.
 */
export function uploadBackground(planId: number, file: File, options?: Options): Promise<SignplanSummaryDto> {
  const form = new FormData();
  form.append("file", file);
  return api.post<SignplanSummaryDto>(`/signplan/${planId}/background`, form, options);
}

export type PlanAction = "archive" | "unarchive" | "restore" | "delete";

export function changePlan(id: number, action: PlanAction, options?: Options): Promise<unknown> {
  if (action === "delete") return api.delete(`/signplan/${id}`, undefined, options);
  // The restore path puts the id last (core §7).
  if (action === "restore") return api.post(`/signplan/restore/${id}`, undefined, options);
  return api.post(`/signplan/${id}/${action}`, undefined, options);
}

export function copyPlan(id: number, copy: { name: string; project_id: number }, options?: Options): Promise<SignplanDto> {
  return api.post<SignplanDto>(`/signplan/${id}/copy`, copy, options);
}

/** Removes every sign, text and drawing (core §4); the history keeps the old content. */
export function resetPlan(id: number, version: number, options?: Options): Promise<SignplanDto> {
  return api.post<SignplanDto>(`/signplan/${id}/reset`, { version }, options);
}

/** The plan's active read-only link, or null when it has none. */
export function getShareLink(id: number, options?: Options): Promise<ShareLinkDto | null> {
  return api.get<ShareLinkDto | null>(`/signplan/${id}/share`, options);
}

/**
 * The plan's read-only link: the active one, or a new one when it has none. With `expiresAt` the link
 * gets that expiry (null: none); without, an existing link keeps its own.
 */
export function sharePlan(id: number, expiresAt?: string | null, options?: Options): Promise<ShareLinkDto> {
  return api.post<ShareLinkDto>(`/signplan/${id}/share`, expiresAt === undefined ? undefined : { expiresAt }, options);
}

/** Ends the plan's link for good; the next share makes a new one. */
export function revokeShareLink(id: number, options?: Options): Promise<unknown> {
  return api.delete(`/signplan/${id}/share`, undefined, options);
}

/**
 * The public plan behind a view token (core §7): the view token as bearer instead of the user's,
 * and none of the shared handling (a refused link must not log a visitor out or toast).
 */
export function getPublicPlan(id: number, viewToken: string, signal?: AbortSignal): Promise<SignplanDto> {
  return api.get<SignplanDto>(`/signplan/public/${id}`, {
    token: viewToken,
    sharedHandling: false,
    signal,
    accept: (data) => isPlanAnswer(data, id),
  });
}
