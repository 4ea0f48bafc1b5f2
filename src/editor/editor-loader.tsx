"use client";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { loadEngine } from "./engine-client";
import PlanEditor from "./plan-editor";
import { LoadingScreen } from "@/components/loading-screen";

function EditorLoading() {
  const t = useTranslations("editor");
  return <LoadingScreen message={t("loading")} />;
}

/**
 * The editor, rendered only in the browser (OpenLayers needs the DOM) and only once the map engine
 * (src/editor/engine, a script of its own that the page's HTML starts loading) is there. The React
 * part is a static dependency of the two pages that show a plan (/app, /view), so it is one of their
 * chunks; the marketing pages download neither (STYLE.md: excalidraw's Next.js example).
 */
export const PlanEditorLoader = dynamic(
  () =>
    loadEngine()
      // The sign gallery and the sign tools use the sign library; a failure leaves placeholders, not a broken editor.
      .then((engine) => engine.loadSignLibrary().catch((error: unknown) => console.error("The sign library could not be loaded", error)))
      .then(() => PlanEditor),
  { ssr: false, loading: EditorLoading },
);
