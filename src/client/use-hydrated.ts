"use client";
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while the server renders and while React hydrates that HTML, true afterwards. Whatever depends
 * on browser storage (the token) is only known then, so guards wait for it instead of guessing.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
