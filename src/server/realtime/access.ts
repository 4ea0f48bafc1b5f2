import "server-only";
import { realtimeServer, signplanRoom, socketsIn, userRoom } from "./emitter";
import { getDb } from "../db";
import { log } from "../log";
import { canReadSignplan } from "../signplans/read";
import { WS_EVENTS, type PresenceLeave, type SignplanAccessLost } from "@/lib/realtime-events";
import type { SessionUser } from "../auth/session";

export const PLAN_ROOM = /^signplan:(\d+)$/;

/**
 * A user as the access rule sees them now: the organisation is read from the database, because the one
 * a socket was opened with (its handshake's) may have ended since.
 */
export async function currentAccessOf(user: Pick<SessionUser, "id">): Promise<Pick<SessionUser, "id" | "organizationId">> {
  const db = await getDb();
  const row = await db.selectFrom("organisation_members").select("organisation_id").where("user_id", "=", user.id).executeTakeFirst();
  return { id: user.id, organizationId: row?.organisation_id ?? null };
}

/**
 * After a membership ends (removed, left, the organisation deleted): every socket of these users leaves
 * each plan room whose plan they may no longer read, and hears `signplanAccessLost` for it, so an open
 * editor stops at once rather than at its next request; the room hears `presenceLeave` for each. Sockets
 * on other processes too (through the Redis adapter: RemoteSocket's leave and emit). Never throws: the
 * membership has already ended, and a socket that missed this is refused on its next join and request anyway.
 */
export async function endLostSignplanAccess(userIds: readonly number[]): Promise<void> {
  const io = realtimeServer();
  if (!io || userIds.length === 0) return;
  try {
    for (const userId of new Set(userIds)) {
      const sockets = await socketsIn(userRoom(userId));
      if (sockets.length === 0) continue;
      const access = await currentAccessOf({ id: userId });
      const planIds = new Set<number>();
      for (const socket of sockets) {
        // The socket's own copy of the user (a copy only, for a socket on another process; every check
        // reads the membership from the database anyway).
        const data = socket.data as { user?: SessionUser; presence?: Record<number, unknown> };
        if (data.user) data.user = { ...data.user, organizationId: access.organizationId };
        for (const room of socket.rooms) {
          const match = PLAN_ROOM.exec(room);
          if (match) planIds.add(Number(match[1]));
        }
      }
      for (const signplanId of planIds) {
        if (await canReadSignplan(access, signplanId)) continue;
        const lost: SignplanAccessLost = { signplanId };
        for (const socket of sockets) {
          if (!socket.rooms.has(signplanRoom(signplanId))) continue;
          void socket.leave(signplanRoom(signplanId));
          socket.emit(WS_EVENTS.signplanAccessLost, lost);
          delete (socket.data as { presence?: Record<number, unknown> }).presence?.[signplanId];
          const leave: PresenceLeave = { signplanId, socketId: socket.id };
          io.to(signplanRoom(signplanId)).emit(WS_EVENTS.presenceLeave, leave);
        }
      }
    }
  } catch (error) {
    log.error("realtime", "ending lost plan access failed", error);
  }
}
