"use client";
/**
 * The sign gallery (spec 2-content §2, "sign gallery"; issue: "categories, search by code and name,
 * recently used"): a panel over the left of the map, not a modal dialog, so a sign can be dragged from
 * it onto the map and several signs placed one after the other while it stays open.
 *
 * Sections: the recently used signs, the catalogue's categories in the specification's order, then the
 * user's own signs and the organisation's signs when the server offers them. Typing in the search field
 * searches every section by code and name, and a sewer symbol's description (sign-search.ts). A click on a sign starts placing it; a drag
 * onto the map places it where it is dropped.
 */
import CloseIcon from "@mui/icons-material/Close";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import SearchIcon from "@mui/icons-material/Search";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import useMediaQuery from "@mui/material/useMediaQuery";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { Fragment, useId, useMemo, useState, type DragEvent, type KeyboardEvent, type ReactNode } from "react";
import type { PickedSign } from "./sign-placement";
import { searchSigns } from "./sign-search";
import { useReturnFocus } from "@/components/use-return-focus";

/** The drag type of a sign from the gallery; the map accepts drops of this type only. */
export const SIGN_DRAG_TYPE = "application/x-plan-sign";

/** The floating gallery's width beside the map (sm and up; on a phone it takes the map's width). */
export const GALLERY_WIDTH_PX = 560;

/**
 * On a phone (xs) the gallery is a sheet over the lower part of the map, this high: the map above it
 * stays in sight, where a tap places the picked sign.
 */
export const GALLERY_SHEET_HEIGHT = "62%";

export interface GallerySection {
  /** "recent", a catalogue category ("A", …, "temporary", "N"), "personal" or "organisation". */
  id: string;
  label: string;
  signs: readonly PickedSign[];
  /** Shown when the section is empty. */
  emptyText: string;
  /** A file dropped on the section (the personal section takes image files). */
  onDropFile?: (file: File) => void;
  /** The section's signs can be deleted: a delete button on each tile. */
  onDelete?: (picked: PickedSign) => void;
}

/** A tile's test id: the catalogue id, or an upload's image name ("personal_12"). */
function tileId(picked: PickedSign): string {
  return (
    picked.sign?.id ??
    (picked.imageUrl.split(/[?#]/, 1)[0] ?? "")
      .split("/")
      .pop()!
      .replace(/\.\w+$/, "")
  );
}

function SignTile({
  picked,
  selected,
  onPick,
  onDragStart,
  onDelete,
  deleteLabel,
}: {
  picked: PickedSign;
  selected: boolean;
  onPick: () => void;
  onDragStart: (event: DragEvent) => void;
  onDelete?: () => void;
  deleteLabel?: string;
}) {
  const title = picked.code ? `${picked.code} ${picked.name}` : picked.name;
  const tile = (
    <ButtonBase
      focusRipple
      onClick={onPick}
      draggable
      onDragStart={onDragStart}
      title={picked.description ? `${title}\n${picked.description}` : title}
      aria-label={title}
      aria-pressed={selected}
      data-testid={`sign-tile-${tileId(picked)}`}
      data-image-url={picked.imageUrl}
      sx={{
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "flex-start",
        gap: 0.5,
        p: 0.75,
        borderRadius: 1,
        border: 1,
        borderColor: selected ? "primary.main" : "transparent",
        bgcolor: selected ? "action.selected" : "transparent",
        "&:hover": { bgcolor: "action.hover" },
        cursor: "grab",
        minWidth: 0,
      }}
    >
      <Box
        component="img"
        src={picked.previewUrl}
        alt=""
        loading="lazy"
        draggable={false}
        sx={{ width: 56, height: 56, objectFit: "contain", pointerEvents: "none", userSelect: "none" }}
      />
      {picked.code && (
        <Typography variant="caption" sx={{ fontWeight: 700, lineHeight: 1.2 }} noWrap>
          {picked.code}
        </Typography>
      )}
      {/* Between the code and the name in the tile's text, as in its name (axe: label in name, WCAG 2.5.3). */}
      {picked.code && " "}
      <Typography
        variant="caption"
        color="text.secondary"
        data-testid="gallery-tile-name"
        sx={{
          // 11 px: the catalogues' longest words ("Inspektionsbrønd", 95 px in the system font) fit a tile
          // whole beside the map (GALLERY_WIDTH_PX); on a phone's narrower tiles they may end in an ellipsis.
          fontSize: "0.6875rem",
          lineHeight: 1.2,
          textAlign: "center",
          // The tile's width, not the text's: a word wider than the tile is cut with an ellipsis.
          alignSelf: "stretch",
          minWidth: 0,
          overflow: "hidden",
          display: "-webkit-box",
          WebkitLineClamp: 2,
          WebkitBoxOrient: "vertical",
        }}
      >
        {/*
         * Two lines, broken between words only: a word wider than the tile ("Inspektionsbrønd") ends in an
         * ellipsis instead of being split mid-word, and the tile's tooltip and accessible name give it whole.
         */}
        {picked.name.split(/\s+/).map((word, i) => (
          <Fragment key={i}>
            {i > 0 && " "}
            <Box
              component="span"
              sx={{
                display: "inline-block",
                maxWidth: "100%",
                overflow: "hidden",
                textOverflow: "ellipsis",
                whiteSpace: "nowrap",
                verticalAlign: "top",
              }}
            >
              {word}
            </Box>
          </Fragment>
        ))}
      </Typography>
    </ButtonBase>
  );
  if (!onDelete) return tile;
  // Beside the tile, not in it: a button inside a button is neither valid HTML nor reachable by keyboard.
  return (
    <Box sx={{ position: "relative", display: "grid", "&:hover .sign-tile-delete, &:focus-within .sign-tile-delete": { opacity: 1 } }}>
      {tile}
      <IconButton
        className="sign-tile-delete"
        size="small"
        aria-label={deleteLabel}
        title={deleteLabel}
        onClick={onDelete}
        data-testid={`sign-tile-delete-${tileId(picked)}`}
        sx={{
          position: "absolute",
          top: 0,
          right: 0,
          p: 0.25,
          opacity: 0.6,
          bgcolor: "background.paper",
          "&:hover": { bgcolor: "background.paper" },
        }}
      >
        <DeleteOutlineIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

export function SignGallery({
  sections,
  headers = {},
  initialSection,
  placingImageUrl,
  onPick,
  onDragSign,
  onClose,
  footer,
  title,
  hint,
  embedded = false,
}: {
  sections: readonly GallerySection[];
  /** Shown above a section's signs, by section id (the personal section's upload). */
  headers?: Partial<Record<string, ReactNode>>;
  /** The section shown first (the recent signs when there are any, else the first category). */
  initialSection: string;
  /** The sign being placed now, marked in the grid. */
  placingImageUrl: string | null;
  onPick: (picked: PickedSign) => void;
  /** A drag of a sign began: the map then knows what is dropped on it. */
  onDragSign: (picked: PickedSign | null) => void;
  onClose: () => void;
  /** Shown below the signs: the standard sign size field. */
  footer?: ReactNode;
  /** Another title and hint where the gallery picks signs for something else (a sign list). */
  title?: string;
  hint?: string;
  /** Fills the box it is in (a dialog) instead of floating over the map; no drag and drop. */
  embedded?: boolean;
}) {
  const t = useTranslations("editorSigns.gallery");
  const titleId = useId();
  const touch = useMediaQuery("(pointer: coarse)");
  useReturnFocus();
  const [sectionId, setSectionId] = useState(initialSection);
  const [query, setQuery] = useState("");
  const section = sections.find((s) => s.id === sectionId) ?? sections[0];

  // Search runs over every section once; a sign found in "recent" and in its category shows once.
  const results = useMemo(() => {
    if (!query.trim()) return null;
    const seen = new Set<string>();
    const all: PickedSign[] = [];
    for (const s of sections) {
      if (s.id === "recent") continue;
      for (const picked of s.signs) {
        if (seen.has(picked.imageUrl)) continue;
        seen.add(picked.imageUrl);
        all.push(picked);
      }
    }
    return searchSigns(all, query);
  }, [sections, query]);

  const shown = results ?? section?.signs ?? [];
  const [dropping, setDropping] = useState(false);
  const dropTarget = !results ? section?.onDropFile : undefined;
  const isFileDrag = (event: DragEvent) => [...event.dataTransfer.types].includes("Files");
  const dropHandlers = dropTarget && {
    onDragOver: (event: DragEvent) => {
      if (!isFileDrag(event)) return;
      event.preventDefault(); // a drop here instead of the browser opening the file
      event.dataTransfer.dropEffect = "copy";
      setDropping(true);
    },
    onDragLeave: () => setDropping(false),
    onDrop: (event: DragEvent) => {
      if (!isFileDrag(event)) return;
      event.preventDefault();
      setDropping(false);
      const file = event.dataTransfer.files[0];
      if (file) dropTarget(file);
    },
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && !event.defaultPrevented) {
      event.preventDefault();
      onClose();
    }
  };

  const dragStart = (picked: PickedSign) => (event: DragEvent) => {
    event.dataTransfer.setData(SIGN_DRAG_TYPE, picked.imageUrl);
    event.dataTransfer.setData("text/plain", picked.code || picked.name);
    event.dataTransfer.effectAllowed = "copy";
    onDragSign(picked);
  };

  return (
    <Paper
      role="dialog"
      aria-labelledby={titleId}
      elevation={embedded ? 0 : 6}
      onKeyDown={onKeyDown}
      onDragEnd={() => onDragSign(null)}
      data-testid="sign-gallery"
      sx={{
        ...(embedded
          ? { position: "relative", width: "100%", height: "100%" }
          : {
              position: "absolute",
              zIndex: 5,
              top: { xs: "auto", sm: 8 },
              height: { xs: GALLERY_SHEET_HEIGHT, sm: "auto" },
              left: { xs: 0, sm: 8 },
              bottom: { xs: 0, sm: 8 },
              width: { xs: "100%", sm: GALLERY_WIDTH_PX },
              borderRadius: { xs: "12px 12px 0 0", sm: 1 },
            }),
        display: "flex",
        flexDirection: "column",
        overflow: "hidden",
      }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, pt: 1.5, pb: 1 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1, fontSize: "1.1rem", fontWeight: 700 }}>
          {title ?? t("title")}
        </Typography>
        <IconButton aria-label={t("close")} onClick={onClose} size="small" data-testid="sign-gallery-close">
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ px: 2, pb: 1 }}>
        <TextField
          fullWidth
          size="small"
          // Not under a finger: a focused field opens the on-screen keyboard, which covers the sheet's
          // signs; a touch user taps the field to search.
          autoFocus={!touch}
          label={t("search")}
          placeholder={t("searchPlaceholder")}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          slotProps={{
            htmlInput: { "data-testid": "sign-search", type: "search", autoComplete: "off" },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Box sx={{ display: "flex", flex: 1, minHeight: 0, borderTop: 1, borderColor: "divider" }}>
        <List
          dense
          component="nav"
          aria-label={t("categoriesLabel")}
          sx={{
            width: { xs: 130, sm: 190 },
            flexShrink: 0,
            overflowY: "auto",
            borderRight: 1,
            borderColor: "divider",
            py: 0.5,
            opacity: results ? 0.55 : 1,
          }}
        >
          {sections.map((s) => (
            <ListItemButton
              key={s.id}
              selected={!results && s.id === section?.id}
              onClick={() => {
                setSectionId(s.id);
                setQuery("");
              }}
              data-testid={`sign-section-${s.id}`}
              sx={{ py: 0.5, px: 1.5 }}
            >
              {/* Beside the map the column holds the longest compound ("Installationsgenstande") whole; in a
                  phone's narrow column it breaks, hyphenated where the browser can, rather than being cut off. */}
              <ListItemText
                primary={s.label}
                slotProps={{
                  primary: { variant: "body2", sx: { lineHeight: 1.25, hyphens: "auto", overflowWrap: { xs: "anywhere", sm: "normal" } } },
                }}
              />
            </ListItemButton>
          ))}
        </List>
        <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
          {results && (
            <Typography variant="caption" color="text.secondary" sx={{ px: 1.5, pt: 1 }} data-testid="sign-result-count">
              {t("results", { count: results.length })}
            </Typography>
          )}
          <Box
            sx={{
              flex: 1,
              overflowY: "auto",
              p: 1,
              outline: dropping ? 2 : 0,
              outlineColor: "primary.main",
              outlineStyle: "dashed",
              outlineOffset: -4,
            }}
            data-testid="sign-grid"
            {...dropHandlers}
          >
            {!results && section && headers[section.id]}
            {shown.length === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ p: 1 }} data-testid="sign-grid-empty">
                {results ? t("noResults", { query: query.trim() }) : section?.emptyText}
              </Typography>
            ) : (
              <Box sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(92px, 1fr))", gap: 0.5 }}>
                {shown.map((picked) => (
                  <SignTile
                    key={picked.imageUrl}
                    picked={picked}
                    selected={picked.imageUrl === placingImageUrl}
                    onPick={() => onPick(picked)}
                    onDragStart={dragStart(picked)}
                    onDelete={!results && section?.onDelete ? () => section.onDelete?.(picked) : undefined}
                    deleteLabel={t("delete", { name: picked.name })}
                  />
                ))}
              </Box>
            )}
          </Box>
        </Box>
      </Box>
      {footer && <Box sx={{ px: 2, pt: 1.5, borderTop: 1, borderColor: "divider" }}>{footer}</Box>}
      {/* Left out on a phone, where the sheet has no room to spare: the map's placement hint says what to do. */}
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: embedded ? "block" : { xs: "none", sm: "block" }, px: 2, py: 1, borderTop: 1, borderColor: "divider" }}
      >
        {hint ?? t("hint")}
      </Typography>
    </Paper>
  );
}
