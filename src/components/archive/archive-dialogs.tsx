"use client";
import DownloadOutlinedIcon from "@mui/icons-material/DownloadOutlined";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { byteSizeText } from "@/lib/files/byte-size";
import { useState, type FormEvent } from "react";
import { DialogFrame } from "@/components/dialog-frame";
import type { ArchiveItem } from "@/client/archive/listing";
import type { ArchiveFileVersionDto } from "@/lib/schemas/archive";

/**
 * A name dialog (content §2 Create New Folder, Rename Item): Enter submits; a blank name does nothing
 * (content §5). Mounted only while open, so each opening starts from `initial`.
 */
export function NameDialog({
  kind,
  initial = "",
  onClose,
  onSubmit,
}: {
  kind: "create" | "rename";
  initial?: string;
  onClose: () => void;
  /** Resolves when done (the dialog closes), rejects when the server refused (it stays open). */
  onSubmit: (name: string) => Promise<void>;
}) {
  const t = useTranslations("archive");
  const [name, setName] = useState(initial);
  const [pending, setPending] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || pending) return;
    setPending(true);
    onSubmit(trimmed).then(onClose, () => setPending(false));
  };
  return (
    <DialogFrame
      testId={kind === "create" ? "archive-create-dialog" : "archive-rename-dialog"}
      title={kind === "create" ? t("createDialog.title") : t("renameDialog.title")}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      cancelLabel={t("cancel")}
      confirmLabel={kind === "create" ? t("createDialog.create") : t("renameDialog.rename")}
    >
      <TextField
        label={kind === "create" ? t("createDialog.name") : t("renameDialog.name")}
        value={name}
        onChange={(event) => setName(event.target.value)}
        autoFocus
        fullWidth
        sx={{ mt: 1 }}
        slotProps={{ htmlInput: { maxLength: 255, "data-testid": "archive-name-input" }, inputLabel: { shrink: true } }}
        onFocus={(event) => event.target.select()}
      />
    </DialogFrame>
  );
}

/** Content §2 Confirm Deletion: Cancel has the focus, so Enter alone deletes nothing. */
export function DeleteDialog({ item, onClose, onConfirm }: { item: ArchiveItem; onClose: () => void; onConfirm: () => Promise<void> }) {
  const t = useTranslations("archive");
  const [pending, setPending] = useState(false);
  return (
    <DialogFrame
      testId="archive-delete-dialog"
      title={t("deleteDialog.title")}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        setPending(true);
        onConfirm().then(onClose, () => setPending(false));
      }}
      pending={pending}
      cancelLabel={t("cancel")}
      cancelAutoFocus
      confirmLabel={t("deleteDialog.delete")}
      confirmColor="error"
    >
      <Typography>{t("deleteDialog.text", { name: item.name })}</Typography>
    </DialogFrame>
  );
}

/** A file's versions, newest first, each with its date, size, uploader and a download. */
export function VersionsDialog({
  item,
  onClose,
  onDownload,
}: {
  item: Extract<ArchiveItem, { type: "file" }>;
  onClose: () => void;
  onDownload: (version: ArchiveFileVersionDto) => void;
}) {
  const t = useTranslations("archive");
  const format = useFormatter();
  const locale = useLocale();
  return (
    <DialogFrame
      testId="archive-versions-dialog"
      title={t("versionsOf", { name: item.name })}
      onClose={onClose}
      cancelLabel={t("versionsDialog.close")}
      maxWidth="sm"
    >
      <List dense disablePadding>
        {item.file.versions.map((version, index) => {
          const date = format.dateTime(new Date(version.createdAt), { dateStyle: "medium", timeStyle: "short" });
          return (
            <ListItem
              key={version.id}
              divider
              disableGutters
              data-testid="archive-version"
              secondaryAction={
                <Button
                  size="small"
                  startIcon={<DownloadOutlinedIcon />}
                  onClick={() => onDownload(version)}
                  aria-label={t("versionsDialog.downloadVersion", { date })}
                  data-testid="archive-version-download"
                >
                  {byteSizeText(version.size, locale)}
                </Button>
              }
            >
              <ListItemText
                sx={{ pr: 14 }}
                primary={index === 0 ? `${date} · ${t("versionsDialog.current")}` : date}
                secondary={version.uploadedBy ? t("versionsDialog.uploadedBy", { name: version.uploadedBy }) : null}
              />
            </ListItem>
          );
        })}
      </List>
    </DialogFrame>
  );
}
