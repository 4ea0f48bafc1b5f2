import * as z from "zod";
import { MAX_ROW_ID } from "./schemas/project";

// The names live apart from the payload schemas so that the app shell can use them without zod
// (issue 34: the front page's JavaScript); everything else imports both from here.
export { SOCKET_PATH, WS_EVENTS } from "./realtime-names";

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
