"use client";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import DownloadOutlinedIcon from "@mui/icons-material/DownloadOutlined";
import DriveFileRenameOutlineIcon from "@mui/icons-material/DriveFileRenameOutline";
import EngineeringOutlinedIcon from "@mui/icons-material/EngineeringOutlined";
import FolderIcon from "@mui/icons-material/Folder";
import HistoryIcon from "@mui/icons-material/History";
import ImageOutlinedIcon from "@mui/icons-material/ImageOutlined";
import InsertDriveFileOutlinedIcon from "@mui/icons-material/InsertDriveFileOutlined";
import PictureAsPdfOutlinedIcon from "@mui/icons-material/PictureAsPdfOutlined";
import PlumbingOutlinedIcon from "@mui/icons-material/PlumbingOutlined";
import SignpostOutlinedIcon from "@mui/icons-material/SignpostOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ButtonBase from "@mui/material/ButtonBase";
import Checkbox from "@mui/material/Checkbox";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import type { SvgIconProps } from "@mui/material/SvgIcon";
import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { fileKindOf, type ArchiveItem } from "@/client/archive/listing";
import type { ArchivePlanType } from "@/lib/schemas/archive";

/** Content §9: the grid's cards are 180 high, 6, 4, 3 or 2 to a row by width. */
export const CARD_HEIGHT = 180;
const GRID_COLUMNS = {
  xs: "repeat(2, minmax(0, 1fr))",
  sm: "repeat(3, minmax(0, 1fr))",
  md: "repeat(4, minmax(0, 1fr))",
  lg: "repeat(6, minmax(0, 1fr))",
};

const PLAN_ICONS: Record<ArchivePlanType, typeof SignpostOutlinedIcon> = {
  skilteplanen: SignpostOutlinedIcon,
  "ta-planen": EngineeringOutlinedIcon,
  kloakplanen: PlumbingOutlinedIcon,
};

/** Content §2: a folder, a plan of each plan type, a PDF, a picture (jpg, jpeg, png, webp), anything else. */
export function ItemIcon({ item, ...props }: { item: ArchiveItem } & SvgIconProps) {
  if (item.type === "folder") return <FolderIcon {...props} sx={{ color: "#f5b400", ...props.sx }} />;
  if (item.type === "signplan") {
    const Icon = PLAN_ICONS[item.plan.type] ?? SignpostOutlinedIcon;
    return <Icon {...props} color="primary" />;
  }
  const kind = fileKindOf(item.name);
  if (kind === "pdf") return <PictureAsPdfOutlinedIcon {...props} sx={{ color: "#c62828", ...props.sx }} />;
  if (kind === "image") return <ImageOutlinedIcon {...props} sx={{ color: "#2e7d32", ...props.sx }} />;
  return <InsertDriveFileOutlinedIcon {...props} color="action" />;
}

export interface ItemHandlers {
  selected: ReadonlySet<string>;
  onToggle: (item: ArchiveItem) => void;
  onDownload: (item: Extract<ArchiveItem, { type: "file" }>) => void;
  onRename: (item: ArchiveItem) => void;
  onDelete: (item: Extract<ArchiveItem, { type: "file" | "folder" }>) => void;
  onVersions: (item: Extract<ArchiveItem, { type: "file" }>) => void;
  onOpenFolder: (item: Extract<ArchiveItem, { type: "folder" }>) => void;
  /** The address of a plan in its site's app (content §2: opened in a new tab). */
  planHref: (item: Extract<ArchiveItem, { type: "signplan" }>) => string;
}

const focusRing = { "&.Mui-focusVisible, &:focus-visible": { outline: "2px solid", outlineColor: "primary.main", outlineOffset: 2 } };

/** The item's main action: a folder opens, a plan opens in a new tab (a link), a file downloads. */
function OpenAction({ item, handlers, children, sx }: { item: ArchiveItem; handlers: ItemHandlers; children: ReactNode; sx?: object }) {
  const t = useTranslations("archive");
  const label = t(`open.${item.type}`, { name: item.name });
  const common = { "aria-label": label, "data-testid": "archive-open", sx: { ...focusRing, ...sx } };
  if (item.type === "signplan")
    return (
      <ButtonBase component="a" href={handlers.planHref(item)} target="_blank" rel="noopener" {...common}>
        {children}
      </ButtonBase>
    );
  return (
    <ButtonBase onClick={() => (item.type === "folder" ? handlers.onOpenFolder(item) : handlers.onDownload(item))} {...common}>
      {children}
    </ButtonBase>
  );
}

/** Download (files), rename, and delete (files and folders: content §5 leaves plans out). */
function ItemActions({ item, handlers }: { item: ArchiveItem; handlers: ItemHandlers }) {
  const t = useTranslations("archive");
  return (
    <Box sx={{ display: "flex", alignItems: "center" }}>
      {item.type === "file" && (
        <Tooltip title={t("download", { name: item.name })}>
          <IconButton
            size="small"
            aria-label={t("download", { name: item.name })}
            onClick={() => handlers.onDownload(item)}
            data-testid="archive-download"
          >
            <DownloadOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={t("rename", { name: item.name })}>
        <IconButton
          size="small"
          aria-label={t("rename", { name: item.name })}
          onClick={() => handlers.onRename(item)}
          data-testid="archive-rename"
        >
          <DriveFileRenameOutlineIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {item.type !== "signplan" && (
        <Tooltip title={t("delete", { name: item.name })}>
          <IconButton
            size="small"
            aria-label={t("delete", { name: item.name })}
            onClick={() => handlers.onDelete(item)}
            data-testid="archive-delete"
          >
            <DeleteOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

/**
 * "Versions (n)"; in the list below md (a phone, or a tablet beside the projects sidebar) an icon with that
 * name, so the file's name keeps the row's width.
 */
function VersionsButton({
  item,
  handlers,
  compact = false,
}: {
  item: Extract<ArchiveItem, { type: "file" }>;
  handlers: ItemHandlers;
  compact?: boolean;
}) {
  const t = useTranslations("archive");
  const label = t("versions", { count: item.file.versions.length });
  return (
    <>
      {compact && (
        <Tooltip title={label}>
          <IconButton
            size="small"
            aria-label={label}
            onClick={() => handlers.onVersions(item)}
            sx={{ display: { xs: "inline-flex", md: "none" } }}
          >
            <HistoryIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Button
        size="small"
        startIcon={<HistoryIcon fontSize="small" />}
        onClick={() => handlers.onVersions(item)}
        data-testid="archive-versions"
        sx={{
          py: 0,
          minHeight: 28,
          fontWeight: 500,
          whiteSpace: "nowrap",
          color: "text.secondary",
          display: compact ? { xs: "none", md: "inline-flex" } : "inline-flex",
        }}
      >
        {label}
      </Button>
    </>
  );
}

function SelectBox({ item, handlers }: { item: ArchiveItem; handlers: ItemHandlers }) {
  const t = useTranslations("archive");
  return (
    <Checkbox
      size="small"
      checked={handlers.selected.has(item.key)}
      onChange={() => handlers.onToggle(item)}
      slotProps={{ input: { "aria-label": t("selectItem", { name: item.name }) } }}
      data-testid="archive-select"
    />
  );
}

export function ArchiveGrid({ items, handlers }: { items: ArchiveItem[]; handlers: ItemHandlers }) {
  return (
    <Box
      component="ul"
      sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gridTemplateColumns: GRID_COLUMNS, gap: 1.5 }}
      data-testid="archive-grid"
    >
      {items.map((item) => (
        <Paper
          component="li"
          key={item.key}
          variant="outlined"
          data-testid="archive-item"
          data-type={item.type}
          data-name={item.name}
          sx={{
            height: CARD_HEIGHT,
            display: "flex",
            flexDirection: "column",
            minWidth: 0,
            borderRadius: 1,
            bgcolor: handlers.selected.has(item.key) ? "action.selected" : "background.paper",
          }}
        >
          <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", px: 0.5, pt: 0.5 }}>
            <SelectBox item={item} handlers={handlers} />
            <ItemActions item={item} handlers={handlers} />
          </Box>
          <OpenAction
            item={item}
            handlers={handlers}
            sx={{
              flex: 1,
              minHeight: 0,
              mx: 1,
              mb: item.type === "file" ? 0 : 1,
              borderRadius: 1,
              display: "flex",
              flexDirection: "column",
              gap: 0.5,
              px: 1,
            }}
          >
            <ItemIcon item={item} sx={{ fontSize: 44 }} aria-hidden />
            <Typography
              variant="body2"
              sx={{
                fontWeight: 600,
                textAlign: "center",
                wordBreak: "break-word",
                display: "-webkit-box",
                WebkitLineClamp: 2,
                WebkitBoxOrient: "vertical",
                overflow: "hidden",
              }}
              title={item.name}
            >
              {item.name}
            </Typography>
          </OpenAction>
          {item.type === "file" && (
            <Box sx={{ display: "flex", justifyContent: "center", pb: 0.5 }}>
              <VersionsButton item={item} handlers={handlers} />
            </Box>
          )}
        </Paper>
      ))}
    </Box>
  );
}

export function ArchiveTable({ items, handlers, onToggleAll }: { items: ArchiveItem[]; handlers: ItemHandlers; onToggleAll: () => void }) {
  const t = useTranslations("archive");
  const format = useFormatter();
  const count = items.filter((item) => handlers.selected.has(item.key)).length;
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 1 }}>
      <Table size="small" data-testid="archive-table">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                size="small"
                checked={items.length > 0 && count === items.length}
                indeterminate={count > 0 && count < items.length}
                onChange={onToggleAll}
                slotProps={{ input: { "aria-label": t("selectAll") } }}
                data-testid="archive-select-all"
              />
            </TableCell>
            <TableCell>{t("columns.name")}</TableCell>
            <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>{t("columns.modified")}</TableCell>
            <TableCell align="right">{t("columns.actions")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow
              key={item.key}
              hover
              selected={handlers.selected.has(item.key)}
              data-testid="archive-item"
              data-type={item.type}
              data-name={item.name}
            >
              <TableCell padding="checkbox">
                <SelectBox item={item} handlers={handlers} />
              </TableCell>
              {/* A floor under the name's width: "anywhere" lets a long name wrap, and without the floor the
                  table would squeeze the name to a letter a line beside the dates and actions that do not wrap. */}
              <TableCell sx={{ width: "100%", minWidth: { xs: 120, md: 200 }, overflowWrap: "anywhere" }}>
                <OpenAction
                  item={item}
                  handlers={handlers}
                  sx={{ justifyContent: "flex-start", gap: 1, borderRadius: 1, px: 0.5, py: 0.5, textAlign: "left" }}
                >
                  <ItemIcon item={item} aria-hidden />
                  <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                    {item.name}
                  </Typography>
                </OpenAction>
              </TableCell>
              <TableCell sx={{ whiteSpace: "nowrap", display: { xs: "none", sm: "table-cell" } }}>
                {format.dateTime(new Date(item.date), { dateStyle: "medium", timeStyle: "short" })}
              </TableCell>
              <TableCell align="right">
                <Box sx={{ display: "flex", justifyContent: "flex-end", alignItems: "center", flexWrap: "nowrap" }}>
                  {item.type === "file" && <VersionsButton item={item} handlers={handlers} compact />}
                  <ItemActions item={item} handlers={handlers} />
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
