import "server-only";
import { randomBytes } from "node:crypto";

/** A stored file's name, in every backend: 128 random bits, so a key can neither be guessed nor collide. */
export const newStorageKey = (): string => randomBytes(16).toString("hex");

export const isStorageKey = (key: string): boolean => /^[a-f0-9]{32}$/.test(key);
