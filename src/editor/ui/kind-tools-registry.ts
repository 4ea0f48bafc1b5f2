/**
 * The kinds with a UI slot of their own (./kind-tools.ts): one line per kind. The editor calls them all
 * through `useKindTools` and names no kind; a kind without an entry has only what its editor module gives
 * (a toolbar tool, its style and entry dialogs).
 */
import type { KindTools, KindToolsContext, UseKindTools } from "./kind-tools";
import { offeredOn } from "../kinds/registry";
import { usePipeTools } from "../kinds/pipe/use-pipe-tools";
import { useSignTools } from "../kinds/sign/use-sign-tools";
import { ELEMENT_KINDS, type ElementKind } from "@/lib/elements/registry";

export const KIND_TOOLS: { readonly [K in ElementKind]?: UseKindTools } = {
  sign: useSignTools,
  pipe: usePipeTools,
};

/** The kinds with tools, in registry order: fixed for the app's life, so the hooks keep their call order. */
const KINDS_WITH_TOOLS: readonly ElementKind[] = ELEMENT_KINDS.filter((kind) => !!KIND_TOOLS[kind]);

/** Calls every kind's tools (hooks, always all of them, in one order), each told whether the site offers its kind. */
export function useKindTools(context: Omit<KindToolsContext, "offered">): readonly KindTools[] {
  return KINDS_WITH_TOOLS.map((kind) => KIND_TOOLS[kind]?.({ ...context, offered: offeredOn(kind, context.site) }) ?? {});
}
