/**
 * Following a colleague's view: the map takes their centre, resolution and rotation and keeps taking
 * them as they move, until the user moves the map themself, presses Escape, clicks the avatar again,
 * or the colleague leaves. Pure state transitions, tested in node; the hook applies them to the map.
 */
import type { PresenceInput } from "@/lib/realtime-events";

export type FollowView = NonNullable<PresenceInput["view"]>;

/** Whom the user follows: a user (through the tab of theirs that moved last). */
export type FollowState = { userId: number } | null;

export type FollowEvent =
  /** The avatar clicked: follow them, or stop when already following them. */
  | { type: "toggle"; userId: number }
  /** The user panned, zoomed or rotated the map themself, pressed Escape, or chose stop. */
  | { type: "stop" }
  /** Who is on the plan now: following someone who left ends. */
  | { type: "present"; userIds: ReadonlySet<number> };

export function nextFollow(state: FollowState, event: FollowEvent): FollowState {
  switch (event.type) {
    case "toggle":
      return state?.userId === event.userId ? null : { userId: event.userId };
    case "stop":
      return null;
    case "present":
      return state && event.userIds.has(state.userId) ? state : null;
  }
}

/**
 * Whether the map's view differs from the followed one enough to move it: more than half a pixel
 * off-centre, another resolution or rotation. Also tells the map's own move to the followed view
 * (equal) from a move by the user (differs), which ends the following.
 */
export function viewDiffers(a: FollowView, b: FollowView): boolean {
  const tolerance = Math.min(a.resolution, b.resolution) / 2;
  return (
    Math.abs(a.center[0] - b.center[0]) > tolerance ||
    Math.abs(a.center[1] - b.center[1]) > tolerance ||
    Math.abs(a.resolution - b.resolution) / b.resolution > 1e-6 ||
    Math.abs(a.rotation - b.rotation) > 1e-6
  );
}
