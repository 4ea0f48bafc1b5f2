"use client";
/**
 * Picks a sign for a sign list: the editor's sign gallery (categories, search by code and name, recently
 * used, the user's and the organisation's own signs) in a dialog. A click adds the sign; a parametric
 * sign asks for its value first and a sign with its own text for the text, as when it is placed on the
 * map. The dialog stays open, so several signs can be added one after the other.
 */
import Dialog from "@mui/material/Dialog";
import Box from "@mui/material/Box";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { loadCatalogueAdditions } from "../../kinds/sign/catalogue-additions";
import { fetchOrganisationSigns, fetchPersonalSigns } from "../../kinds/sign/sign-api";
import { SignGallery, type GallerySection } from "../../kinds/sign/sign-gallery";
import { categorySections, pickedOfUpload } from "../../kinds/sign/gallery-sections";
import { loadSignLibrary, signLibrary } from "../../kinds/sign/sign-library";
import type { PickedSign } from "../../kinds/sign/sign-placement";
import { SignNameDialog, SignValueDialog } from "../../kinds/sign/sign-prompt-dialogs";
import { CUSTOM_LIST_SIGN_VALUE_MAX, type CustomListSign } from "@/lib/schemas/custom-lists";
import type { OrganisationSignGalleryDto, PersonalSignDto } from "@/lib/schemas/signs";
import type { CatalogueSign } from "@/lib/signs/types";
import type { SiteId } from "@/sites/site-ids";

/** The list name of a picked sign: "C 55 Lokal hastighedsbegrænsning", or an upload's own name. */
export const listNameOf = (picked: PickedSign) => (picked.code ? `${picked.code} ${picked.name}` : picked.name);

type Pending = { step: "value" | "name"; picked: PickedSign };

export function SignPickerDialog({
  listName,
  site,
  recentSigns,
  onAdd,
  onClose,
}: {
  listName: string;
  site: SiteId;
  /** Image URLs of the recently used signs, newest first. */
  recentSigns: readonly string[];
  onAdd: (sign: CustomListSign) => void;
  onClose: () => void;
}) {
  const t = useTranslations("signLists");
  const tSigns = useTranslations("editorSigns");
  const [library, setLibrary] = useState(signLibrary);
  const [pending, setPending] = useState<Pending | null>(null);
  const [personal, setPersonal] = useState<PersonalSignDto[] | null>(null);
  const [organisation, setOrganisation] = useState<OrganisationSignGalleryDto | null>(null);
  const [additions, setAdditions] = useState<readonly CatalogueSign[]>([]);

  useEffect(() => {
    let live = true;
    if (!library)
      loadSignLibrary().then(
        (loaded) => live && setLibrary(loaded),
        (error: unknown) => console.error("The sign library could not be loaded", error),
      );
    void fetchPersonalSigns().then((signs) => live && setPersonal(signs));
    void fetchOrganisationSigns().then((gallery) => live && setOrganisation(gallery));
    void loadCatalogueAdditions(site).then((signs) => live && setAdditions(signs));
    return () => {
      live = false;
    };
  }, [library, site]);

  const sections = useMemo((): GallerySection[] => {
    const catalogue = library ? [...library.catalogueOf(site), ...additions] : [];
    const categories = categorySections(site, catalogue, (category) => tSigns(`categories.${category}`), tSigns("gallery.emptyCategory"));
    const own = personal?.map(pickedOfUpload) ?? null;
    const shared = organisation?.signs.map(pickedOfUpload) ?? null;
    const byUrl = new Map([...categories.flatMap((s) => s.signs), ...(own ?? []), ...(shared ?? [])].map((p) => [p.imageUrl, p]));
    const recent = recentSigns.map((url) => byUrl.get(url)).filter((picked): picked is PickedSign => !!picked);
    return [
      ...(recent.length ? [{ id: "recent", label: tSigns("gallery.recent"), signs: recent, emptyText: tSigns("gallery.noRecent") }] : []),
      ...categories,
      ...(own ? [{ id: "personal", label: tSigns("gallery.personal"), signs: own, emptyText: tSigns("gallery.noPersonal") }] : []),
      ...(shared?.length
        ? [{ id: "organisation", label: tSigns("gallery.organisation"), signs: shared, emptyText: tSigns("gallery.emptyCategory") }]
        : []),
    ];
  }, [library, site, additions, personal, organisation, recentSigns, tSigns]);

  const add = (picked: PickedSign, value?: string) => {
    const trimmed = value?.trim().slice(0, CUSTOM_LIST_SIGN_VALUE_MAX);
    onAdd({ imageUrl: picked.imageUrl, name: listNameOf(picked), count: 1, comment: "", ...(trimmed && { value: trimmed }) });
  };

  const pick = (picked: PickedSign) => {
    if (picked.sign?.parameter) setPending({ step: "value", picked });
    else if (picked.sign?.shouldPromptForName) setPending({ step: "name", picked });
    else add(picked);
  };

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        fullWidth
        maxWidth="md"
        data-testid="sign-list-picker"
        slotProps={{ paper: { sx: { height: "min(720px, 85vh)" } } }}
      >
        <Box sx={{ flex: 1, minHeight: 0, display: "flex" }}>
          <SignGallery
            embedded
            title={t("pickerTitle", { name: listName })}
            hint={t("pickerHint")}
            sections={sections}
            initialSection={sections[0]?.id ?? "recent"}
            placingImageUrl={null}
            onPick={pick}
            onDragSign={() => undefined}
            onClose={onClose}
          />
        </Box>
      </Dialog>
      {pending?.step === "value" && pending.picked.sign?.parameter && (
        <SignValueDialog
          signLabel={listNameOf(pending.picked)}
          kind={pending.picked.sign.parameter.kind}
          initial={pending.picked.sign.parameter.defaultValue}
          submitLabel={t("addConfirm")}
          onCancel={() => setPending(null)}
          onSubmit={(value) => {
            setPending(null);
            add(pending.picked, value);
          }}
        />
      )}
      {pending?.step === "name" && (
        <SignNameDialog
          signLabel={listNameOf(pending.picked)}
          submitLabel={t("addConfirm")}
          onCancel={() => setPending(null)}
          onSubmit={(name) => {
            setPending(null);
            add(pending.picked, name);
          }}
        />
      )}
    </>
  );
}
