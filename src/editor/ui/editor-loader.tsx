"use client";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { loadSignLibrary, signLibrary } from "../kinds/sign/sign-library";
import type { PlanEditorProps } from "./plan-editor";
import { LoadingScreen } from "@/components/loading-screen";

function EditorLoading() {
  const t = useTranslations("editor");
  return <LoadingScreen message={t("loading")} />;
}

const loadPlanEditor = () => import("./plan-editor");

/**
 * Starts downloading the editor's code (OpenLayers and the editor, one chunk of Next's) before it is
 * rendered: /app calls it as soon as it knows a plan will open, so the code arrives while the plan does.
 */
export function preloadPlanEditor(): void {
  void loadPlanEditor().catch(() => {}); // the dynamic component reports a failure when it renders
}

const PlanEditor = dynamic(loadPlanEditor, { ssr: false, loading: EditorLoading });

/**
 * The editor, rendered only in the browser (OpenLayers needs the DOM), its code loaded only by the two
 * pages that show a plan (/app, /view; STYLE.md: excalidraw's Next.js example). A plan with signs waits
 * for the sign catalogue (loaded beside the editor's code), so its first frame shows every sign's picture.
 */
export function PlanEditorLoader(props: PlanEditorProps) {
  const needsSigns = props.content.signs.length > 0;
  const [signsReady, setSignsReady] = useState(() => !needsSigns || signLibrary() !== null);
  useEffect(() => {
    if (signsReady) return;
    preloadPlanEditor();
    // A failure leaves placeholders where the pictures would be, not a broken editor.
    loadSignLibrary()
      .catch((error: unknown) => console.error("The sign library could not be loaded", error))
      .finally(() => setSignsReady(true));
  }, [signsReady]);
  return signsReady ? <PlanEditor {...props} /> : <EditorLoading />;
}
