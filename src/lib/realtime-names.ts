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
