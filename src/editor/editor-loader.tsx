"use client";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { LoadingScreen } from "@/components/loading-screen";

function EditorLoading() {
  const t = useTranslations("editor");
  return <LoadingScreen message={t("loading")} />;
}

/**
 * The editor, loaded only in the browser (OpenLayers needs the DOM) and only on the pages that show a
 * plan, so the marketing pages never download it (STYLE.md: excalidraw's Next.js example).
 */
export const PlanEditorLoader = dynamic(() => loadPlanEditor(), { ssr: false, loading: EditorLoading });

const loadPlanEditor = () => import("./plan-editor");

/** Starts downloading the editor while the plan itself is still being fetched, so the two overlap. */
export function preloadPlanEditor(): void {
  void loadPlanEditor();
}
