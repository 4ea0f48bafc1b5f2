import * as z from "zod";
import { MAX_ROW_ID } from "./schemas/project";
import type { CatchUp } from "./elements/changes";

// The names live apart from the payload schemas so that the app shell can use them without zod
// (issue 34: the front page's JavaScript); everything else imports both from here.
export { SOCKET_PATH, WS_EVENTS } from "./realtime-names";

export const pongSchema = z.object({ pong: z.literal(true), serverTime: z.number() });
export type Pong = z.infer<typeof pongSchema>;

/** joinSignplan and leaveSignplan: the plan's id; a join may name the last version the client saw (catch-up). */
export const signplanRoomPayloadSchema = z.object({
  signplanId: z.number().int().positive().max(MAX_ROW_ID),
  version: z.number().int().min(0).optional(),
});
export type SignplanRoomPayload = z.infer<typeof signplanRoomPayloadSchema>;

/** joinSignplan's acknowledgement. `catchUp` only when the join named a version; `presence`: the others in the room now. */
export interface JoinSignplanAck {
  ok: boolean;
  catchUp?: CatchUp;
  presence?: PresenceState[];
}

/** A presence that has not been refreshed for this long is dropped by the clients (a crashed tab, a dead process). */
export const PRESENCE_TTL_MS = 30_000;
/** Every open editor sends its presence at least this often, so that it stays within PRESENCE_TTL_MS. */
export const PRESENCE_HEARTBEAT_MS = 10_000;

/** presence (client → server): in the map's projection (EPSG:3857 metres), as the editor has it. */
export const presenceInputSchema = z.object({
  signplanId: z.number().int().positive().max(MAX_ROW_ID),
  /** The pointer over the map, or null when it left the map. */
  pointer: z.tuple([z.number(), z.number()]).nullable(),
  /** Ids of the selected elements (at most 500 are shown). */
  selection: z.array(z.string().min(1).max(64)).max(500),
  /** The map's view, for "follow". */
  view: z.object({ center: z.tuple([z.number(), z.number()]), resolution: z.number().positive(), rotation: z.number() }).nullable(),
});
export type PresenceInput = z.infer<typeof presenceInputSchema>;

/** presenceUpdate (server → room): a presence with who it is, added by the server from the socket's user. */
export interface PresenceState extends PresenceInput {
  /** One per open tab: a user with two tabs is two presences. */
  socketId: string;
  userId: number;
  name: string;
  /** Up to two letters (presenceInitials). */
  initials: string;
  /** The user's colour (presenceColor). */
  color: string;
}

/** presenceLeave (server → room). */
export interface PresenceLeave {
  signplanId: number;
  socketId: string;
}

/**
 * A user's colour in presence (pointer, selection outline, initials): fixed per user, from a palette
 * that keeps white initials at 4.5:1 contrast or better, so every colleague has the same colour in every tab.
 */
export const PRESENCE_COLORS = ["#b3261e", "#1a5fb4", "#26734d", "#8e3fb8", "#a04a00", "#00677f", "#b1005d", "#5b5b00"] as const;
export function presenceColor(userId: number): string {
  return PRESENCE_COLORS[Math.abs(userId) % PRESENCE_COLORS.length]!;
}

/** "Anna Berg Hansen" → "AH"; "anna" → "A"; an e-mail address uses the part before @. */
export function presenceInitials(name: string): string {
  const words = name
    .split("@")[0]!
    .trim()
    .split(/[\s._-]+/u)
    .filter(Boolean);
  if (words.length === 0) return "?";
  const first = [...words[0]!][0] ?? "";
  const last = words.length > 1 ? ([...words[words.length - 1]!][0] ?? "") : "";
  return (first + last).toLocaleUpperCase();
}

export const signplanUpdateSchema = z.object({ signplanId: z.number().int(), doneByUserId: z.number().int() });
export type SignplanUpdate = z.infer<typeof signplanUpdateSchema>;

/** signplanAccessLost: the plan the user may no longer read. */
export const signplanAccessLostSchema = z.object({ signplanId: z.number().int() });
export type SignplanAccessLost = z.infer<typeof signplanAccessLostSchema>;
