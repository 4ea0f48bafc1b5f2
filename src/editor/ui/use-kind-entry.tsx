"use client";
/**
 * The add and edit dialogs of kinds placed with a dialog (`entryFields` in their editor module, a text;
 * spec 2-content §2, "text entry (add, edit)"). A click with the kind's tool hands the new element here
 * and the dialog asks for its fields; nothing is added until the user confirms. A double-click on such
 * an element (the editor's one listener hands it to `openEditor`), or the toolbar's Edit, opens the same
 * dialog on it. Each confirmation is one undoable step.
 */
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useTranslations } from "next-intl";
import { useEffect, useState, type ReactNode } from "react";
import type { EditorInteractions } from "../core/interactions/editor-interactions";
import type { ElementRef, PlanStore } from "../core/store/plan-store";
import { editorElement, withValues } from "../kinds/registry";
import { StyleDialog, type StyleValues } from "./style-dialog";

/** "Tekst" → "tekst" for the middle of a sentence; a name in capitals (GPX-rute) stays as it is. */
const inSentence = (name: string) =>
  name.length > 1 && name[1] === name[1]!.toLowerCase() ? name[0]!.toLowerCase() + name.slice(1) : name;

export function useKindEntry({
  store,
  interactions,
  editable,
  selection,
}: {
  store: PlanStore;
  interactions: EditorInteractions | null;
  editable: boolean;
  selection: ReadonlySet<string>;
}): {
  toolbar: ReactNode;
  dialog: ReactNode;
  /** Opens the edit dialog on an element of a kind placed with a dialog; false for other kinds. */
  openEditor: (ref: ElementRef) => boolean;
} {
  const t = useTranslations("editor");
  const [entry, setEntry] = useState<{ mode: "add" | "edit"; ref: ElementRef } | null>(null);

  useEffect(() => {
    if (!interactions) return;
    interactions.onEntry((ref) => setEntry({ mode: "add", ref }));
    return () => interactions.onEntry(null);
  }, [interactions]);

  const openEditor = (ref: ElementRef) => {
    if (!editable || !editorElement(ref.kind)?.entryFields) return false;
    setEntry({ mode: "edit", ref });
    return true;
  };

  if (!editable) return { toolbar: null, dialog: null, openEditor };

  const selected = selection.size === 1 ? store.find([...selection][0]!) : null;
  const editableRef = selected && editorElement(selected.kind)?.entryFields ? selected : null;
  const toolbar = (
    <Tooltip title={t("editElement")}>
      <span>
        <IconButton
          aria-label={t("editElement")}
          size="small"
          disabled={!editableRef}
          onClick={() => editableRef && setEntry({ mode: "edit", ref: editableRef })}
          data-testid="edit-element"
        >
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );

  let dialog: ReactNode = null;
  const editor = entry ? editorElement(entry.ref.kind) : null;
  if (entry && editor?.entryFields) {
    const { kind, element } = entry.ref;
    const fields = editor.entryFields;
    const initial = Object.fromEntries(fields.map((f) => [f.key, (element as unknown as StyleValues)[f.key] ?? ""]));
    const save = (values: StyleValues) => {
      // Edits apply to the element as it is now (another user may have moved it meanwhile).
      const current = (entry.mode === "edit" && store.find(element.id)) || entry.ref;
      store.transact({ note: `${entry.mode} ${kind}`, put: [withValues(current, values)] });
      store.select([element.id]);
      // The next one of the kind starts with this style.
      const style = Object.fromEntries(editor.styleFields.filter((f) => f.key in values).map((f) => [f.key, values[f.key]]));
      interactions?.setDrawingStyle(kind, style as StyleValues).catch((error: unknown) => console.error("drawing style: not saved", error));
      setEntry(null);
    };
    const name = inSentence(t(`kinds.${kind}`));
    dialog = (
      <StyleDialog
        key={`${entry.mode}-${element.id}`}
        kind={kind}
        fields={fields}
        initial={initial}
        forDrawing={false}
        title={entry.mode === "add" ? t("entryDialog.add", { kind: name }) : t("entryDialog.edit", { kind: name })}
        testId="entry-dialog"
        onClose={() => setEntry(null)}
        onApply={save}
      />
    );
  }
  return { toolbar, dialog, openEditor };
}
