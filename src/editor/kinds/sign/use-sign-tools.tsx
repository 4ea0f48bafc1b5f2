"use client";
/**
 * Everything the editor does with signs beyond drawing them (the sign kind's style is in
 * src/editor/kinds/sign/): the gallery and its toolbar button, placing a picked sign by a click or by
 * dragging it onto the map, the text and value prompts, the sign editor (double-click or "Rediger
 * skilt"), the recently used signs and the administrators' artwork overrides.
 *
 * The sign kind's UI slot (src/editor/ui/kind-tools.ts): the editor calls it once per render and lays out
 * the toolbar entries, the overlay and the menu's sign inventory and sign lists it answers. Every change
 * to the plan goes through `store.transact` (one undoable step per placement or edit).
 */
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import SignpostOutlinedIcon from "@mui/icons-material/SignpostOutlined";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import type OlMap from "ol/Map";
import { unByKey } from "ol/Observable";
import Draw, { type DrawEvent } from "ol/interaction/Draw";
import type Point from "ol/geom/Point";
import type { FeatureLike } from "ol/Feature";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { toast } from "react-toastify";
import { newElementId } from "../../core/interactions/editor-interactions";
import { toDegrees } from "../../core/map/create-map";
import { metresPerPixelAt } from "../../core/map/element-layer";
import { DEFAULT_USER_SETTINGS } from "../../core/settings/user-settings";
import {
  checkPersonalSign,
  deleteOrganisationSign,
  deletePersonalSign,
  fetchArtworkOverrides,
  fetchOrganisationSigns,
  fetchPersonalSigns,
  personalSignRef,
} from "./sign-api";
import { toPosition } from "../geometry";
import { signStyle } from ".";
import { useSignUpload } from "./personal-sign-upload";
import { categorySections, pickedOfUpload } from "./gallery-sections";
import { SignEditDialog } from "./sign-edit-dialog";
import { GALLERY_WIDTH_PX, SignGallery, SIGN_DRAG_TYPE, type GallerySection } from "./sign-gallery";
import { newSignElement, type PickedSign } from "./sign-placement";
import { EmptySignPrompt, SignNameDialog, SignValueDialog } from "./sign-prompt-dialogs";
import { additionOf, loadCatalogueAdditions } from "./catalogue-additions";
import { forgetResolvedSignImages, isLoadableUpload, setArtworkOverrides } from "./sign-image";
import { loadSignLibrary, signLibrary, type SignLibrary } from "./sign-library";
import { StandardSignSizeField } from "./standard-sign-size-field";
import type { Position } from "@/lib/elements/common";
import type { SignElement } from "@/lib/elements/sign";
import type { OrganisationSignGalleryDto, PersonalSignDto } from "@/lib/schemas/signs";
import { categoriesOf } from "@/lib/signs/site-catalogue";
import type { CatalogueSign } from "@/lib/signs/types";
import { DialogFrame } from "@/components/dialog-frame";
import type { KindTools, KindToolsContext } from "@/editor/ui/kind-tools";
import { SignInventoryDialog } from "@/editor/ui/sign-inventory/sign-inventory-dialog";
import { SignListsDialog } from "@/editor/ui/sign-lists/sign-lists-dialog";

/** The texts of a gallery's upload and delete, under editorSigns. */
const uploadTexts = (gallery: "personal" | "organisation") => (gallery === "personal" ? "upload" : "organisationUpload");

/**
 * The sign catalogue for the sign tools, loaded once the map has drawn its first frame, so a plan
 * without signs is not drawn later for a catalogue it does not show; null until it has arrived.
 */
function useSignLibrary(map: OlMap | null, wanted: boolean): SignLibrary | null {
  const [library, setLibrary] = useState(signLibrary);
  useEffect(() => {
    if (!wanted || !map || library) return;
    let live = true;
    const load = () =>
      loadSignLibrary().then(
        (loaded) => live && setLibrary(loaded),
        (error: unknown) => console.error("The sign library could not be loaded", error),
      );
    // Before the map has a size OpenLayers sends postrender without a frame: not a drawn frame yet.
    const key = map.on("postrender", (event) => {
      if (!event.frameState) return;
      unByKey(key);
      void load();
    });
    map.render(); // a frame is coming, whether or not the map has drawn one already
    return () => {
      live = false;
      unByKey(key);
    };
  }, [map, wanted, library]);
  return library;
}

const labelOf = (picked: PickedSign) => (picked.code ? `${picked.code} ${picked.name}` : picked.name);

/** A placement waiting for its text or value. */
type Pending =
  | { step: "name"; picked: PickedSign; position: Position; name: string }
  | { step: "empty"; picked: PickedSign; position: Position }
  | { step: "value"; picked: PickedSign; position: Position };

interface Editing {
  id: string;
  sign: CatalogueSign | null;
  replaceImageUrl?: string;
  warning: string | null;
}

export function useSignTools({
  map,
  store,
  layer,
  editable,
  blocked,
  site,
  selection,
  tool,
  settings,
  planName,
}: KindToolsContext): KindTools {
  const t = useTranslations("editorSigns");
  const tEditor = useTranslations("editor");
  const tLists = useTranslations("signLists");
  const [inventoryOpen, setInventoryOpen] = useState(false);
  const [signListsOpen, setSignListsOpen] = useState(false);
  const getContent = useCallback(() => store.getContent(), [store]);
  const [galleryOpen, setGalleryOpen] = useState(false);
  const [placing, setPlacing] = useState<PickedSign | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [artwork, setArtwork] = useState<ReadonlyMap<string, string> | null>(null);
  const [personal, setPersonal] = useState<PersonalSignDto[] | null>(null);
  const [organisation, setOrganisation] = useState<OrganisationSignGalleryDto | null>(null);
  /** The personal or organisation sign whose deletion waits for confirmation. */
  const [deleting, setDeleting] = useState<{ gallery: "personal" | "organisation"; picked: PickedSign; id: number } | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  const uploadsRequested = useRef(false);
  const dragged = useRef<PickedSign | null>(null);

  // --- settings: standard size and recent signs ------------------------------------------------------
  const subscribeSettings = useCallback((notify: () => void) => settings.subscribe(notify), [settings]);
  const userSettings = useSyncExternalStore(
    subscribeSettings,
    () => settings.getSettings(),
    () => DEFAULT_USER_SETTINGS,
  );
  const changeStandardSize = (standardSignSize: number | null) =>
    settings.update({ standardSignSize }).catch((error: unknown) => {
      // The store has rolled the field back; say so (spec core §8: rolled back and rethrown).
      console.error("standard sign size: update failed", error);
      toast.error(t("standardSize.saveFailed"));
    });

  // --- artwork overrides: loaded once, in the view too; the map redraws with them ----------------------
  useEffect(() => {
    let live = true;
    void fetchArtworkOverrides().then((overrides) => {
      if (!live || overrides.size === 0) return;
      // Before the state change, so the gallery's previews and the map's next frame both see them.
      setArtworkOverrides(overrides);
      setArtwork(overrides);
    });
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (artwork) layer?.layer.changed();
  }, [artwork, layer]);

  // --- the gallery's sections ------------------------------------------------------------------------
  const openGallery = () => {
    setGalleryOpen(true);
    if (uploadsRequested.current) return;
    uploadsRequested.current = true;
    void fetchPersonalSigns().then(setPersonal);
    void fetchOrganisationSigns().then(setOrganisation);
  };

  // --- personal signs: upload and delete --------------------------------------------------------------
  // A new sign goes first in "Mine skilte" (the list is newest first) and is ready to be placed.
  const upload = useSignUpload("personal", (sign) => {
    setPersonal((current) => [sign, ...(current ?? []).filter((s) => s.id !== sign.id)]);
    setPlacing(pickedOfUpload(sign));
  });
  const askDelete = useCallback((picked: PickedSign) => {
    const ref = personalSignRef(picked.imageUrl);
    if (ref) setDeleting({ gallery: "personal", picked, id: ref.id });
  }, []);

  // --- the organisation's signs: the owner and administrators add and remove them ----------------------
  // canManage is the server's answer from the permission table (organisations/roles.ts, manageSigns), so
  // a member sees the signs without the controls; the server refuses their uploads and removals anyway.
  const canManageOrganisation = organisation?.canManage === true;
  const organisationUpload = useSignUpload("organisation", (sign) => {
    setOrganisation((current) => current && { ...current, signs: [...current.signs.filter((s) => s.id !== sign.id), sign] });
    setPlacing(pickedOfUpload(sign));
  });
  const askDeleteOrganisation = useCallback(
    (picked: PickedSign) => {
      const sign = organisation?.signs.find((s) => s.gallery_image_url === picked.imageUrl);
      if (sign) setDeleting({ gallery: "organisation", picked, id: sign.id });
    },
    [organisation],
  );

  const confirmDelete = () => {
    if (!deleting) return;
    setDeletePending(true);
    (deleting.gallery === "personal" ? deletePersonalSign : deleteOrganisationSign)(deleting.id).then(
      () => {
        if (deleting.gallery === "personal") setPersonal((current) => current?.filter((s) => s.id !== deleting.id) ?? null);
        else setOrganisation((current) => current && { ...current, signs: current.signs.filter((s) => s.id !== deleting.id) });
        setPlacing((current) => (current?.imageUrl === deleting.picked.imageUrl ? null : current));
        setDeleting(null);
        setDeletePending(false);
      },
      (error: unknown) => {
        console.error(`${deleting.gallery} sign: delete failed`, error); // the API client has shown the message
        setDeletePending(false);
      },
    );
  };

  // --- the signs staff added to this site's catalogue: entries of it like the built-in ones ----------
  const [additions, setAdditions] = useState<readonly CatalogueSign[]>([]);
  useEffect(() => {
    let live = true;
    void loadCatalogueAdditions(site).then((signs) => {
      if (!live || signs.length === 0) return;
      forgetResolvedSignImages();
      setAdditions(signs);
      layer?.layer.changed(); // placed additions now resolve with their catalogue size
    });
    return () => {
      live = false;
    };
  }, [site, layer]);

  const library = useSignLibrary(map, editable);
  const catalogue = useMemo(() => (library ? [...library.catalogueOf(site), ...additions] : []), [library, site, additions]);
  const sections = useMemo((): GallerySection[] => {
    void artwork; // previews follow the overrides
    const categories = categorySections(site, catalogue, (category) => t(`categories.${category}`), t("gallery.emptyCategory"));
    const own = personal?.map(pickedOfUpload) ?? null;
    const shared = organisation?.signs.map(pickedOfUpload) ?? null;
    const byUrl = new Map([...categories.flatMap((s) => s.signs), ...(own ?? []), ...(shared ?? [])].map((p) => [p.imageUrl, p]));
    const recent = userSettings.recentSigns.map((url) => byUrl.get(url)).filter((picked): picked is PickedSign => !!picked);
    return [
      { id: "recent", label: t("gallery.recent"), signs: recent, emptyText: t("gallery.noRecent") },
      ...categories,
      ...(own
        ? [
            {
              id: "personal",
              label: t("gallery.personal"),
              signs: own,
              emptyText: t("gallery.noPersonal"),
              onDropFile: upload.pickFile,
              onDelete: askDelete,
            },
          ]
        : []),
      ...(shared
        ? [
            {
              id: "organisation",
              label: t("gallery.organisation"),
              signs: shared,
              emptyText: canManageOrganisation ? t("gallery.noOrganisationManage") : t("gallery.noOrganisation"),
              ...(canManageOrganisation && { onDropFile: organisationUpload.pickFile, onDelete: askDeleteOrganisation }),
            },
          ]
        : []),
    ];
  }, [
    site,
    catalogue,
    personal,
    organisation,
    userSettings.recentSigns,
    artwork,
    t,
    upload.pickFile,
    askDelete,
    canManageOrganisation,
    organisationUpload.pickFile,
    askDeleteOrganisation,
  ]);

  // --- placing ---------------------------------------------------------------------------------------
  const commit = useCallback(
    (picked: PickedSign, position: Position, values: { name?: string; text?: string } = {}) => {
      try {
        const id = newElementId();
        const mapRotation = map ? toDegrees(map.getView().getRotation()) : store.getMapView().rotation;
        const element = newSignElement({
          id,
          picked,
          position,
          mapRotation,
          standardSignSize: settings.getSettings().standardSignSize,
          ...values,
        });
        store.transact({ note: "place sign", put: [{ kind: "sign", element }] });
        store.select([id]);
      } catch (error) {
        console.error("place sign", error);
        toast.error(t("errors.add"));
        return;
      }
      settings.addRecentSign(picked.imageUrl).catch((error: unknown) => console.error("recent signs: update failed", error));
    },
    [map, store, settings, t],
  );

  /** A sign arrives on the map (a click in placement mode or a drop): ask for what it needs, then place it. */
  const arrive = useCallback(
    (picked: PickedSign, position: Position) => {
      if (picked.sign?.parameter) setPending({ step: "value", picked, position });
      else if (picked.sign?.shouldPromptForName) setPending({ step: "name", picked, position, name: "" });
      else commit(picked, position);
    },
    [commit],
  );

  // Placement mode: a Draw of one point whose sketch is the sign itself, following the pointer.
  useEffect(() => {
    if (!map || !placing) return;
    const preview: SignElement = newSignElement({
      id: "preview",
      picked: placing,
      position: [0, 0],
      mapRotation: toDegrees(map.getView().getRotation()),
      standardSignSize: settings.getSettings().standardSignSize,
    });
    const draw = new Draw({
      type: "Point",
      stopClick: true,
      style: (feature: FeatureLike, resolution: number) => {
        const geometry = feature.getGeometry() as Point | undefined;
        const y = geometry?.getCoordinates()[1] ?? 0;
        return signStyle(preview, { metresPerPixel: metresPerPixelAt(resolution, y), selected: false });
      },
    });
    draw.on("drawend", (event: DrawEvent) => {
      const point = event.feature.getGeometry() as Point;
      const picked = placing;
      setPlacing(null);
      arrive(picked, toPosition(point.getCoordinates()));
    });
    store.select([]);
    map.addInteraction(draw);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // Before the editor's own Escape (which would clear the selection) and the gallery's (which closes it).
      event.preventDefault();
      event.stopPropagation();
      setPlacing(null);
    };
    window.addEventListener("keydown", onKeyDown, true);
    return () => {
      window.removeEventListener("keydown", onKeyDown, true);
      map.removeInteraction(draw);
    };
  }, [map, placing, arrive, store, settings]);

  // Choosing a drawing tool ends placing (React's "adjusting state when a prop changes").
  const [seenTool, setSeenTool] = useState(tool);
  if (tool !== seenTool) {
    setSeenTool(tool);
    if (tool !== "select") setPlacing(null);
  }

  // Drag and drop from the gallery onto the map.
  useEffect(() => {
    const viewport = map?.getViewport();
    if (!map || !viewport || !editable) return;
    const accepts = (event: DragEvent) => !!event.dataTransfer && [...event.dataTransfer.types].includes(SIGN_DRAG_TYPE);
    const onDragOver = (event: DragEvent) => {
      if (!accepts(event)) return;
      event.preventDefault();
      event.dataTransfer!.dropEffect = "copy";
    };
    const onDrop = (event: DragEvent) => {
      if (!accepts(event)) return;
      event.preventDefault();
      const imageUrl = event.dataTransfer!.getData(SIGN_DRAG_TYPE);
      const picked =
        dragged.current?.imageUrl === imageUrl ? dragged.current : sections.flatMap((s) => s.signs).find((p) => p.imageUrl === imageUrl);
      dragged.current = null;
      const coordinate = map.getCoordinateFromPixel(map.getEventPixel(event));
      if (!picked || !coordinate) return;
      setPlacing(null);
      arrive(picked, toPosition(coordinate));
    };
    viewport.addEventListener("dragover", onDragOver);
    viewport.addEventListener("drop", onDrop);
    return () => {
      viewport.removeEventListener("dragover", onDragOver);
      viewport.removeEventListener("drop", onDrop);
    };
  }, [map, editable, sections, arrive]);

  // --- editing ---------------------------------------------------------------------------------------
  const openEditor = useCallback(
    async (id: string) => {
      const ref = store.find(id);
      if (ref?.kind !== "sign") return;
      const element = ref.element;
      let sign: CatalogueSign | null = null;
      try {
        sign = (await loadSignLibrary()).findSign(element.imageUrl) ?? additionOf(element.imageUrl);
      } catch {
        sign = null; // 'Invalid image URL format': edited as an unknown sign
      }
      if (sign) return setEditing({ id, sign, warning: null });
      if (personalSignRef(element.imageUrl)) {
        const state = await checkPersonalSign(element.imageUrl);
        if (state.deleted) {
          const base = state.baseSignId ? (catalogue.find((s) => s.id === state.baseSignId) ?? null) : null;
          if (base) return setEditing({ id, sign: base, replaceImageUrl: base.imageUrl, warning: t("editDialog.personalDeleted") });
          return setEditing({ id, sign: null, warning: t("editDialog.personalDeletedNoBase") });
        }
        return setEditing({ id, sign: null, warning: null });
      }
      setEditing({ id, sign: null, warning: isLoadableUpload(element.imageUrl) ? null : t("editDialog.unknownSign") });
    },
    [store, catalogue, t],
  );

  const selectedSignId = selection.size === 1 ? [...selection].find((id) => store.find(id)?.kind === "sign") : undefined;
  const editingRef = editing ? store.find(editing.id) : undefined;
  const editingElement = editingRef?.kind === "sign" ? editingRef.element : undefined;

  // The sign inventory and the sign lists: looking stays while the account is blocked, changing the lists does not.
  const menuActions = [
    { id: "sign-inventory", label: tEditor("signInventory.menu"), onClick: () => setInventoryOpen(true) },
    { id: "sign-lists", label: tLists("open"), onClick: () => setSignListsOpen(true), disabled: blocked },
  ];
  const dialog = (
    <>
      <SignInventoryDialog open={inventoryOpen} onClose={() => setInventoryOpen(false)} getContent={getContent} planName={planName} />
      <SignListsDialog
        open={signListsOpen}
        onClose={() => setSignListsOpen(false)}
        placedSigns={() => store.allElements().flatMap((ref) => (ref.kind === "sign" ? [ref.element] : []))}
        recentSigns={() => settings.getSettings().recentSigns}
      />
    </>
  );

  if (!editable) return { menuActions, dialog };

  const toolbar = (
    <>
      {/* The tooltip describes the button, whose name stays its visible label ("Skilte"), as speech input expects. */}
      <Tooltip title={t("openTooltip")} describeChild>
        <Button
          size="small"
          startIcon={<SignpostOutlinedIcon />}
          onClick={() => (galleryOpen ? setGalleryOpen(false) : openGallery())}
          aria-pressed={galleryOpen}
          variant={galleryOpen ? "contained" : "text"}
          disableElevation
          // Its label whole ("Symboler" on the sewer site); the tool row scrolls instead when it is crowded.
          sx={{ flexShrink: 0, whiteSpace: "nowrap" }}
          data-testid="sign-gallery-button"
        >
          {t("open")}
        </Button>
      </Tooltip>
      <Tooltip title={t("edit")}>
        <span>
          <IconButton
            aria-label={t("edit")}
            size="small"
            disabled={!selectedSignId}
            onClick={() => selectedSignId && void openEditor(selectedSignId)}
            data-testid="edit-sign"
          >
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </>
  );

  // Laid out by the editor above the phase control, so the phase a new sign will belong to stays in sight.
  const placementHint = placing ? (
    <Typography
      variant="caption"
      role="status"
      sx={{ maxWidth: 360, bgcolor: "background.paper", px: 1, py: 0.5, borderRadius: 1, boxShadow: 1 }}
      data-testid="sign-placement-hint"
    >
      {t("placement.hint", { sign: labelOf(placing) })}
    </Typography>
  ) : null;

  const overlay = (
    <>
      {galleryOpen && (
        <SignGallery
          sections={sections}
          headers={{ personal: upload.controls, ...(canManageOrganisation && { organisation: organisationUpload.controls }) }}
          initialSection={userSettings.recentSigns.length > 0 ? "recent" : (categoriesOf(site)[0] ?? "recent")}
          placingImageUrl={placing?.imageUrl ?? null}
          onPick={(picked) => setPlacing((current) => (current?.imageUrl === picked.imageUrl ? null : picked))}
          onDragSign={(picked) => (dragged.current = picked)}
          onClose={() => {
            setGalleryOpen(false);
            setPlacing(null);
          }}
          footer={<StandardSignSizeField value={userSettings.standardSignSize} onChange={changeStandardSize} />}
        />
      )}
      {upload.dialog}
      {organisationUpload.dialog}
      {deleting && (
        <DialogFrame
          testId={`${deleting.gallery}-sign-delete-dialog`}
          title={t(`${uploadTexts(deleting.gallery)}.deleteTitle`)}
          onClose={() => setDeleting(null)}
          onSubmit={(event) => {
            event.preventDefault();
            confirmDelete();
          }}
          pending={deletePending}
          cancelLabel={t(`${uploadTexts(deleting.gallery)}.cancel`)}
          cancelAutoFocus
          confirmLabel={t(`${uploadTexts(deleting.gallery)}.deleteConfirm`)}
          confirmColor="error"
        >
          <Typography>{t(`${uploadTexts(deleting.gallery)}.deleteText`, { name: deleting.picked.name })}</Typography>
        </DialogFrame>
      )}
      {pending?.step === "name" && (
        <SignNameDialog
          signLabel={labelOf(pending.picked)}
          initial={pending.name}
          onCancel={() => setPending(null)}
          onSubmit={(name) => {
            if (name) {
              setPending(null);
              commit(pending.picked, pending.position, { name });
            } else setPending({ step: "empty", picked: pending.picked, position: pending.position });
          }}
        />
      )}
      {pending?.step === "empty" && (
        <EmptySignPrompt
          onBack={() => setPending({ step: "name", picked: pending.picked, position: pending.position, name: "" })}
          onPlaceAnyway={() => {
            setPending(null);
            commit(pending.picked, pending.position);
          }}
        />
      )}
      {pending?.step === "value" && pending.picked.sign?.parameter && (
        <SignValueDialog
          signLabel={labelOf(pending.picked)}
          kind={pending.picked.sign.parameter.kind}
          initial={pending.picked.sign.parameter.defaultValue}
          onCancel={() => setPending(null)}
          onSubmit={(text) => {
            setPending(null);
            commit(pending.picked, pending.position, { text });
          }}
        />
      )}
      {editing && editingElement && (
        <SignEditDialog
          element={editingElement}
          sign={editing.sign}
          replaceImageUrl={editing.replaceImageUrl}
          warning={editing.warning}
          onClose={() => setEditing(null)}
          onSave={(next) => {
            store.transact({ note: "edit sign", put: [{ kind: "sign", element: next }] });
            setEditing(null);
          }}
        />
      )}
    </>
  );
  return {
    leadingToolbar: toolbar,
    menuActions,
    overlay,
    dialog,
    placementHint,
    panelWidth: galleryOpen ? GALLERY_WIDTH_PX : 0,
    // A double-click on a sign opens its editor instead of zooming the map; not while one is being placed.
    onDoubleClick: (ref) => {
      if (ref.kind !== "sign" || placing) return false;
      void openEditor(ref.element.id);
      return true;
    },
  };
}
