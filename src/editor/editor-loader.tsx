"use client";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import PlanEditor from "./plan-editor";
import { LoadingScreen } from "@/components/loading-screen";

function EditorLoading() {
  const t = useTranslations("editor");
  return <LoadingScreen message={t("loading")} />;
}

/**
 * The editor, rendered only in the browser (OpenLayers needs the DOM). Its code is a static dependency
 * of the two pages that show a plan (/app, /view), so it is one of their chunks: the browser downloads
 * it in parallel with the rest of the page's JavaScript instead of after hydration, and the marketing
 * pages never download it (STYLE.md: excalidraw's Next.js example).
 */
export const PlanEditorLoader = dynamic(() => Promise.resolve(PlanEditor), { ssr: false, loading: EditorLoading });
