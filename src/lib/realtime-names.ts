/** Names of every socket.io event, in one place (excalidraw's WS_EVENTS). */
export const WS_EVENTS = {
  /** Client → server, with an acknowledgement: answers { pong: true, serverTime }. */
  ping: "ping",
  /**
   * Client → server, with an acknowledgement (JoinSignplanAck): receive updates of a plan the user may
   * read. Issue 36: the payload may name the last `version` the client saw; the acknowledgement then
   * brings the changes since (or `reload`), and the presence of everyone else in the room.
   */
  joinSignplan: "joinSignplan",
  leaveSignplan: "leaveSignplan",
  /** Server → plan room, after every accepted save (core §3). */
  signplanUpdate: "signplanUpdate",
  /**
   * Server → plan room, after every new version (issue 36): the PlanChange (src/lib/elements/changes.ts)
   * with the operations as applied. Sent to the saving client too (it recognises its clientId and saveId).
   */
  signplanChanges: "signplanChanges",
  /**
   * Client → server, volatile (dropped rather than queued): the sender's pointer on the map, selection
   * and view of a plan it has joined (PresenceInput). Never stored. Sent at most every 50 ms while the
   * pointer moves, and every PRESENCE_HEARTBEAT_MS regardless.
   */
  presence: "presence",
  /** Server → the plan room but the sender, volatile: one user's presence (PresenceState). */
  presenceUpdate: "presenceUpdate",
  /** Server → the plan room: a socket left the plan (closed tab, lost connection, left the room). */
  presenceLeave: "presenceLeave",
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
