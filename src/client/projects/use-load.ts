"use client";
import { useEffect, useRef, useState } from "react";

export interface Loaded<T> {
  /** The latest answer for this `key`; kept while a reload (a new `version`) is under way. */
  data: T | undefined;
  loading: boolean;
  /** The failure of the latest load, already a text for the user. */
  error: string | null;
  /** The thrown value behind `error`, for callers that act on its kind (e.g. a 404). */
  failure: unknown;
}

/**
 * Loads what `key` names (null: nothing) and loads it again when `version` changes. A reload keeps
 * showing the previous answer instead of a spinner; a new key starts empty. Answers that arrive after
 * the key changed are dropped, and the request is aborted.
 */
export function useLoad<T>(
  key: string | null,
  version: number,
  load: (signal: AbortSignal) => Promise<T>,
  describeError: (error: unknown) => string,
): Loaded<T> {
  const [result, setResult] = useState<{ key: string; version: number; data?: T; error?: string; failure?: unknown } | null>(null);
  // The latest functions without making them effect dependencies: the key says when to load.
  const latest = useRef({ load, describeError });
  useEffect(() => {
    latest.current = { load, describeError };
  });

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    latest.current
      .load(controller.signal)
      .then((data) => setResult({ key, version, data }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setResult({ key, version, error: latest.current.describeError(error), failure: error });
      });
    return () => controller.abort();
  }, [key, version]);

  const sameKey = key !== null && result?.key === key;
  const current = sameKey && result.version === version;
  return {
    data: sameKey ? result.data : undefined,
    loading: key !== null && !current,
    error: current ? (result.error ?? null) : null,
    failure: current ? result.failure : undefined,
  };
}
