import * as z from "zod";
import { MAX_ROW_ID } from "./schemas/project";

/** Names of every socket.io event, in one place (excalidraw's WS_EVENTS). */
export const WS_EVENTS = {
  /** Client → server, with an acknowledgement: answers { pong: true, serverTime }. */
  ping: "ping",
  /** Client → server, with an acknowledgement { ok }: receive updates of a plan the user may read. */
  joinSignplan: "joinSignplan",
  leaveSignplan: "leaveSignplan",
  /** Server → plan room, after every accepted save (core §3). */
  signplanUpdate: "signplanUpdate",
  /** Server → user, when an organisation invites them (core §3). */
  organizationInvite: "organizationInvite",
  /**
   * Server → the sockets of a user who may no longer read a plan whose room they were in (they were
   * removed from or left its organisation, or it was deleted): they have left the room; an open editor
   * turns read-only.
   */
  signplanAccessLost: "signplanAccessLost",
  /**
   * Server → user, when their billing state may have changed (payment accepted or recorded, a
   * subscription cancelled or resumed, a block reached): the client asks block-status again, so a
   * reactivation lifts the block in every open tab and editor at once (issue 31). No payload.
   */
  billingStatusChanged: "billingStatusChanged",
} as const;

/** The path of the socket.io endpoint on the same server as the app (core §7). */
export const SOCKET_PATH = "/socket.io";

export const pongSchema = z.object({ pong: z.literal(true), serverTime: z.number() });
export type Pong = z.infer<typeof pongSchema>;

/** joinSignplan and leaveSignplan: the plan's id. */
export const signplanRoomPayloadSchema = z.object({ signplanId: z.number().int().positive().max(MAX_ROW_ID) });
export type SignplanRoomPayload = z.infer<typeof signplanRoomPayloadSchema>;

export const signplanUpdateSchema = z.object({ signplanId: z.number().int(), doneByUserId: z.number().int() });
export type SignplanUpdate = z.infer<typeof signplanUpdateSchema>;

/** signplanAccessLost: the plan the user may no longer read. */
export const signplanAccessLostSchema = z.object({ signplanId: z.number().int() });
export type SignplanAccessLost = z.infer<typeof signplanAccessLostSchema>;
