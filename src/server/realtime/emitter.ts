import "server-only";
import type { Server } from "socket.io";
import { WS_EVENTS, type SignplanUpdate } from "@/lib/realtime-events";
import type { PlanChange } from "@/lib/elements/changes";
import type { InviteDto } from "@/lib/schemas/organisation";

// server.ts creates the socket.io server; route handlers are bundled separately but run in the same
// process, so they reach it through globalThis.
const shared = globalThis as typeof globalThis & { __planRealtime?: Server };

export function setRealtimeServer(io: Server | undefined): void {
  shared.__planRealtime = io;
}

/** The server that server.ts attached, if any (none in most API tests). */
export function realtimeServer(): Server | undefined {
  return shared.__planRealtime;
}
/** How long a look-up of sockets waits for the other processes' answers. */
const FETCH_SOCKETS_TIMEOUT_MS = 2000;

/**
 * The sockets in a room on every process (through the Redis adapter), or on this process alone when the
 * others cannot be asked now (Redis away, a process not answering): what this process can act on it does.
 */
export async function socketsIn(room: string) {
  const io = shared.__planRealtime;
  if (!io) return [];
  try {
    return await io.in(room).timeout(FETCH_SOCKETS_TIMEOUT_MS).fetchSockets();
  } catch {
    return io.local.in(room).fetchSockets();
  }
}

export const signplanRoom = (signplanId: number) => `signplan:${signplanId}`;

/** The room of one user: events addressed to them (an organisation invitation, lost access) go there. */
export const userRoom = (userId: number) => `user:${userId}`;

/** Tells everyone with the plan open that it changed (nothing happens when no socket server runs). */
export function emitSignplanUpdate(update: SignplanUpdate): void {
  shared.__planRealtime?.to(signplanRoom(update.signplanId)).emit(WS_EVENTS.signplanUpdate, update);
}

/**
 * Sends a plan's new version (issue 36) to everyone with it open, the saving client included (it
 * recognises its own clientId and saveId). Emitted after the save's transaction has committed, before
 * signplanUpdate, in version order per process.
 */
export function emitSignplanChanges(change: PlanChange): void {
  shared.__planRealtime?.to(signplanRoom(change.signplanId)).emit(WS_EVENTS.signplanChanges, change);
}

/** Ends every open socket of a user whose account is gone (their token no longer opens a new one). */
export function disconnectUser(userId: number): void {
  // Every socket of the user joins their room when it connects.
  shared.__planRealtime?.in(userRoom(userId)).disconnectSockets(true);
}

/** Tells a logged-in user at once that an organisation invited them (core §3 "organizationInvite"). */
export function emitOrganisationInvite(userId: number, invite: InviteDto): void {
  shared.__planRealtime?.to(userRoom(userId)).emit(WS_EVENTS.organizationInvite, invite);
}

/** Tells users that their billing state may have changed (WS_EVENTS.billingStatusChanged): they ask block-status again. */
export function emitBillingStatusChanged(userIds: readonly number[]): void {
  const io = shared.__planRealtime;
  if (!io || userIds.length === 0) return;
  io.to(userIds.map(userRoom)).emit(WS_EVENTS.billingStatusChanged);
}
