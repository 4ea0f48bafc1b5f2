"use client";
import CloudUploadOutlinedIcon from "@mui/icons-material/CloudUploadOutlined";
import CreateNewFolderOutlinedIcon from "@mui/icons-material/CreateNewFolderOutlined";
import DriveFolderUploadOutlinedIcon from "@mui/icons-material/DriveFolderUploadOutlined";
import GridViewIcon from "@mui/icons-material/GridView";
import UploadFileOutlinedIcon from "@mui/icons-material/UploadFileOutlined";
import ViewListIcon from "@mui/icons-material/ViewList";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { byteSizeText } from "@/lib/files/byte-size";
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from "react";
import { ArchiveGrid, ArchiveTable, type ItemHandlers } from "./archive-items";
import { DeleteDialog, NameDialog, VersionsDialog } from "./archive-dialogs";
import { UploadPanel } from "./upload-panel";
import { useArchiveUploads } from "./use-archive-uploads";
import { ApiRequestError } from "@/client/api";
import { fetchApiFile } from "@/client/api-file";
import { createArchiveFolder, deleteArchiveItem, getArchiveContents, renameArchiveItem } from "@/client/archive/archive-api";
import { droppedFiles, pickedFiles, type DroppedFile } from "@/client/archive/dropped-files";
import { itemKey, listFolder, parseArchivePath, resolveArchivePath, type ArchiveItem } from "@/client/archive/listing";
import { listProjects } from "@/client/projects/projects-api";
import { ensurePageSession } from "@/client/page-session";
import { downloadFrom, saveBlobAs } from "@/client/save-file";
import { useSite } from "@/components/site-context";
import { PLAN_PARAM, planIdOf } from "@/lib/plan-param";
import type { ArchiveContentsDto, ArchiveFileVersionDto } from "@/lib/schemas/archive";
import type { ProjectDto } from "@/lib/schemas/project";
import type { SiteId } from "@/sites/site-ids";

/** Content §9: the projects sidebar is 240 wide. */
const SIDEBAR_WIDTH = 240;
const VIEW_STORAGE_KEY = "archive-view";

type View = "grid" | "list";
type Contents = { state: "loading" } | { state: "ready"; data: ArchiveContentsDto } | { state: "notFound" } | { state: "failed" };
type Dialog =
  | { kind: "create" }
  | { kind: "rename"; item: ArchiveItem }
  | { kind: "delete"; item: Extract<ArchiveItem, { type: "file" | "folder" }> }
  | { kind: "versions"; item: Extract<ArchiveItem, { type: "file" }> }
  | null;

function useProjects() {
  const [projects, setProjects] = useState<ProjectDto[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    listProjects("active", { signal: controller.signal, toast: false }).then(setProjects, (error: unknown) => {
      if (controller.signal.aborted) return;
      console.error("archive: the projects could not be loaded", error); // content §8: logged
      setProjects([]);
    });
    return () => controller.abort();
  }, []);
  return projects;
}

function useContents(projectId: number | null) {
  const [contents, setContents] = useState<Contents>({ state: "loading" });
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  const loadedFor = useRef<number | null>(null);
  useEffect(() => {
    if (projectId === null) return;
    const controller = new AbortController();
    // A new project shows the spinner; a reload of the same one keeps what is shown until the answer.
    if (loadedFor.current !== projectId) setContents({ state: "loading" });
    getArchiveContents(projectId, { signal: controller.signal, toast: false }).then(
      (data) => {
        loadedFor.current = projectId;
        setContents({ state: "ready", data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error("archive: the contents could not be loaded", error);
        loadedFor.current = null;
        const status = error instanceof ApiRequestError ? error.status : 0;
        setContents({ state: status === 404 || status === 403 || status === 400 ? "notFound" : "failed" });
      },
    );
    return () => controller.abort();
  }, [projectId, generation]);
  return { contents, reload };
}

/**
 * /order-control/ (content §2 Archive screen): the projects in a sidebar (a select on a phone), and the
 * chosen project's archive: breadcrumb, toolbar, grid or list of the current folder, drag and drop,
 * the upload panel and the dialogs. The project and folder live in the address (`project`, `path`).
 */
export function ArchiveScreen({ siteOrigins, pageUserId }: { siteOrigins: Record<SiteId, string>; pageUserId: number | null }) {
  const t = useTranslations("archive");
  const locale = useLocale();
  const site = useSite();
  const router = useRouter();
  const pathname = usePathname();
  const query = useSearchParams();
  const projects = useProjects();

  const asked = planIdOf(query.get("project"));
  const projectId = asked ?? projects?.[0]?.id ?? null;
  const project = projects?.find((p) => p.id === projectId) ?? null;
  const { contents, reload } = useContents(projectId);
  const data = contents.state === "ready" ? contents.data : null;

  const pathIds = useMemo(() => parseArchivePath(query.get("path")), [query]);
  const chain = useMemo(() => (data ? resolveArchivePath(data.folders, pathIds) : []), [data, pathIds]);
  useEffect(() => {
    if (data && chain.length < pathIds.length) console.warn("archive: a folder of the path is not in the project", pathIds); // content §8
  }, [data, chain.length, pathIds]);
  const folderId = chain.at(-1)?.id ?? null;
  const items = useMemo(() => (data ? listFolder(data, folderId) : []), [data, folderId]);

  // Rendered only after hydration (behind the sign-in guard), so browser storage can be read at once.
  const [view, setView] = useState<View>(() => (window.localStorage.getItem(VIEW_STORAGE_KEY) === "list" ? "list" : "grid"));
  const changeView = (next: View | null) => {
    if (!next) return;
    setView(next);
    window.localStorage.setItem(VIEW_STORAGE_KEY, next);
  };

  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  // A new folder or project starts with nothing selected.
  const place = `${projectId}:${folderId}`;
  const [selectionPlace, setSelectionPlace] = useState(place);
  if (selectionPlace !== place) {
    setSelectionPlace(place);
    setSelected(new Set());
  }

  const go = (next: { project?: number; path?: number[] }) => {
    const params = new URLSearchParams();
    const id = next.project ?? projectId;
    if (id !== null) params.set("project", String(id));
    if (next.path && next.path.length > 0) params.set("path", next.path.join("/"));
    router.push(`${pathname}?${params.toString()}`, { scroll: false });
  };
  const chainIds = chain.map((folder) => folder.id);

  const uploads = useArchiveUploads({ failedText: t("panel.failed"), onDone: reload });
  const startUpload = (files: DroppedFile[]) => {
    if (projectId === null || !data) return;
    void uploads.upload(files, { site: site.id, projectId, folderId });
  };

  useEffect(() => void ensurePageSession(pageUserId), [pageUserId]);
  /**
   * A plain link when the browser has the session cookie, so the browser streams the file to the disk
   * itself (a 2 GiB file never passes through the page's memory); else fetched with the token and saved.
   */
  const download = (name: string, version: ArchiveFileVersionDto | undefined) => {
    if (!version) return;
    void ensurePageSession(pageUserId).then((hasCookie) => {
      if (hasCookie) return downloadFrom(version.fileUrl, name);
      return fetchApiFile(version.fileUrl, { site: site.id }).then(
        (blob) => saveBlobAs(blob, name),
        (error: unknown) => console.error("archive: download failed", error),
      );
    });
  };

  const handlers: ItemHandlers = {
    selected,
    onToggle: (item) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(item.key)) next.add(item.key);
        return next;
      }),
    onDownload: (item) => download(item.name, item.file.versions[0]),
    onRename: (item) => setDialog({ kind: "rename", item }),
    onDelete: (item) => setDialog({ kind: "delete", item }),
    onVersions: (item) => setDialog({ kind: "versions", item }),
    onOpenFolder: (item) => go({ path: [...chainIds, item.id] }),
    planHref: (item) => `${siteOrigins[item.plan.type] ?? ""}/app?${PLAN_PARAM}=${item.plan.id}`,
  };
  const toggleAll = () =>
    setSelected((current) =>
      items.length > 0 && items.every((item) => current.has(item.key)) ? new Set() : new Set(items.map((item) => item.key)),
    );

  // Drag and drop onto the main area (content §2): the overlay shows while files are over it.
  const [dragDepth, setDragDepth] = useState(0);
  const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes("Files");
  const dropEnabled = data !== null;
  const dragProps = dropEnabled
    ? {
        onDragEnter: (event: DragEvent) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          setDragDepth((n) => n + 1);
        },
        onDragOver: (event: DragEvent) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
        },
        onDragLeave: (event: DragEvent) => {
          if (!carriesFiles(event)) return;
          setDragDepth((n) => Math.max(0, n - 1));
        },
        onDrop: (event: DragEvent) => {
          event.preventDefault();
          setDragDepth(0);
          droppedFiles(event.dataTransfer).then(startUpload, (error: unknown) =>
            console.error("archive: the drop could not be read", error),
          );
        },
      }
    : {};

  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const busy = uploads.running > 0;

  const sidebar = (
    <Box
      component="nav"
      aria-labelledby="archive-projects-title"
      sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, borderRight: 1, borderColor: "divider", display: { xs: "none", sm: "block" } }}
    >
      <Typography id="archive-projects-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700, px: 2, pt: 2, pb: 1 }}>
        {t("projects")}
      </Typography>
      <List dense disablePadding data-testid="archive-projects">
        {(projects ?? []).map((p) => (
          <ListItem key={p.id} disablePadding>
            <ListItemButton
              selected={p.id === projectId}
              aria-current={p.id === projectId ? "page" : undefined}
              onClick={() => go({ project: p.id })}
            >
              <ListItemText primary={p.name} slotProps={{ primary: { sx: { wordBreak: "break-word" } } }} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );

  const projectSelect = (
    <TextField
      select
      size="small"
      label={t("projectSelect")}
      value={project ? String(project.id) : ""}
      onChange={(event) => go({ project: Number(event.target.value) })}
      sx={{ display: { xs: "flex", sm: "none" }, mb: 2 }}
      fullWidth
      data-testid="archive-project-select"
    >
      {(projects ?? []).map((p) => (
        <MenuItem key={p.id} value={String(p.id)}>
          {p.name}
        </MenuItem>
      ))}
    </TextField>
  );

  let body;
  if (projects === null || (projectId !== null && contents.state === "loading")) {
    body = (
      <Box sx={{ display: "flex", justifyContent: "center", py: 8 }} role="status" aria-label={t("heading")}>
        <CircularProgress />
      </Box>
    );
  } else if (projectId === null) {
    body = (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: "center" }} data-testid="archive-no-project">
        {projects.length === 0 ? t("noProjects") : t("selectProject")}
      </Typography>
    );
  } else if (contents.state === "notFound") {
    body = (
      <Alert severity="info" data-testid="archive-not-found">
        {t("notFound")}
      </Alert>
    );
  } else if (contents.state === "failed") {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={reload}>
            {t("retry")}
          </Button>
        }
        data-testid="archive-failed"
      >
        {t("loadFailed")}
      </Alert>
    );
  } else if (items.length === 0) {
    body = (
      <Box
        sx={{
          py: 8,
          textAlign: "center",
          color: "text.secondary",
          border: 2,
          borderStyle: "dashed",
          borderColor: "divider",
          borderRadius: 1,
        }}
        data-testid="archive-empty"
      >
        <CloudUploadOutlinedIcon sx={{ fontSize: 48, mb: 1 }} aria-hidden />
        <Typography>{t("empty")}</Typography>
      </Box>
    );
  } else if (view === "grid") {
    body = <ArchiveGrid items={items} handlers={handlers} />;
  } else {
    body = <ArchiveTable items={items} handlers={handlers} onToggleAll={toggleAll} />;
  }

  const projectName = project?.name ?? (data ? "" : null);

  return (
    <Box sx={{ display: "flex", minHeight: "calc(100vh - 64px)", alignItems: "stretch" }} data-testid="archive-screen">
      {sidebar}
      <Box
        component="section"
        aria-labelledby="archive-heading"
        sx={{ flex: 1, minWidth: 0, p: { xs: 2, sm: 3 }, position: "relative" }}
        {...dragProps}
        data-testid="archive-main"
      >
        {projectSelect}
        <Typography id="archive-heading" variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
          {t("heading")}
        </Typography>
        {data && (
          <Breadcrumbs aria-label={t("breadcrumb")} sx={{ mb: 2 }} data-testid="archive-breadcrumb" itemsAfterCollapse={2}>
            {chain.length === 0 ? (
              <Typography color="text.primary" sx={{ fontWeight: 600 }} aria-current="page">
                {projectName || t("projects")}
              </Typography>
            ) : (
              <Link component="button" type="button" underline="hover" color="inherit" onClick={() => go({ path: [] })}>
                {projectName || t("projects")}
              </Link>
            )}
            {chain.map((folder, index) =>
              index === chain.length - 1 ? (
                <Typography key={folder.id} color="text.primary" sx={{ fontWeight: 600, wordBreak: "break-word" }} aria-current="page">
                  {folder.name}
                </Typography>
              ) : (
                <Link
                  key={folder.id}
                  component="button"
                  type="button"
                  underline="hover"
                  color="inherit"
                  onClick={() => go({ path: chainIds.slice(0, index + 1) })}
                >
                  {folder.name}
                </Link>
              ),
            )}
          </Breadcrumbs>
        )}
        {data && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center", mb: 2 }}>
            <Button
              variant="contained"
              disableElevation
              startIcon={<CreateNewFolderOutlinedIcon />}
              onClick={() => setDialog({ kind: "create" })}
              disabled={busy}
              data-testid="archive-new-folder"
            >
              {busy ? t("uploading", { count: uploads.running }) : t("newFolder")}
            </Button>
            <Button
              variant="outlined"
              startIcon={<UploadFileOutlinedIcon />}
              onClick={() => filesInput.current?.click()}
              disabled={busy}
              data-testid="archive-upload-files"
            >
              {busy ? t("uploading", { count: uploads.running }) : t("uploadFiles")}
            </Button>
            <Button
              variant="outlined"
              startIcon={<DriveFolderUploadOutlinedIcon />}
              onClick={() => folderInput.current?.click()}
              disabled={busy}
              data-testid="archive-upload-folder"
            >
              {busy ? t("uploading", { count: uploads.running }) : t("uploadFolder")}
            </Button>
            <Box sx={{ flex: 1 }} />
            {selected.size > 0 && (
              <Typography variant="body2" color="text.secondary" role="status">
                {t("selected", { count: selected.size })}
              </Typography>
            )}
            <ToggleButtonGroup
              size="small"
              exclusive
              value={view}
              onChange={(_, next: View | null) => changeView(next)}
              aria-label={t("view")}
            >
              <ToggleButton value="grid" aria-label={t("gridView")} data-testid="archive-grid-view">
                <GridViewIcon fontSize="small" />
              </ToggleButton>
              <ToggleButton value="list" aria-label={t("listView")} data-testid="archive-list-view">
                <ViewListIcon fontSize="small" />
              </ToggleButton>
            </ToggleButtonGroup>
          </Stack>
        )}
        {data && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="archive-usage">
            {t("usageLabel")}:{" "}
            {t("usage", { used: byteSizeText(data.usage.usedBytes, locale), quota: byteSizeText(data.usage.quotaBytes, locale) })}
          </Typography>
        )}
        {body}
        {/* Only with a loaded archive: a file chosen earlier would have no folder to go into. */}
        {data && (
          <>
            <input
              ref={filesInput}
              type="file"
              multiple
              hidden
              data-testid="archive-files-input"
              onChange={(event) => {
                const list = event.target.files;
                if (list) startUpload(Array.from(list).map((file) => ({ file, relativePath: "" })));
                event.target.value = "";
              }}
            />
            <input
              ref={(element) => {
                folderInput.current = element;
                element?.setAttribute("webkitdirectory", "");
              }}
              type="file"
              multiple
              hidden
              data-testid="archive-folder-input"
              onChange={(event) => {
                const list = event.target.files;
                if (list) startUpload(pickedFiles(list));
                event.target.value = "";
              }}
            />
          </>
        )}
        {dragDepth > 0 && (
          <Box
            data-testid="archive-drop-overlay"
            sx={{
              position: "absolute",
              inset: 8,
              zIndex: 2,
              border: 3,
              borderStyle: "dashed",
              borderColor: "primary.main",
              borderRadius: 1,
              // The page's own colour, mostly opaque, so the text reads in light and dark mode alike.
              backgroundColor: "color-mix(in srgb, var(--mui-palette-background-paper) 88%, transparent)",
              display: "flex",
              alignItems: "center",
              justifyContent: "center",
              pointerEvents: "none",
            }}
          >
            <Typography variant="h6" component="p" sx={{ color: "primary.main", fontWeight: 700, textAlign: "center", px: 2 }}>
              <CloudUploadOutlinedIcon sx={{ verticalAlign: "middle", mr: 1 }} aria-hidden />
              {t("dropHere")}
            </Typography>
          </Box>
        )}
      </Box>
      <UploadPanel entries={uploads.entries} onDismiss={uploads.dismiss} />
      {dialog?.kind === "create" && projectId !== null && (
        <NameDialog
          kind="create"
          onClose={() => setDialog(null)}
          onSubmit={async (name) => {
            await createArchiveFolder(projectId, name, folderId);
            reload();
          }}
        />
      )}
      {dialog?.kind === "rename" && (
        <NameDialog
          kind="rename"
          initial={dialog.item.name}
          onClose={() => setDialog(null)}
          onSubmit={async (name) => {
            await renameArchiveItem(dialog.item.type, dialog.item.id, name);
            reload();
          }}
        />
      )}
      {dialog?.kind === "delete" && (
        <DeleteDialog
          item={dialog.item}
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await deleteArchiveItem(dialog.item.type, dialog.item.id);
            setSelected((current) => {
              const next = new Set(current);
              next.delete(itemKey(dialog.item.type, dialog.item.id));
              return next;
            });
            reload();
          }}
        />
      )}
      {dialog?.kind === "versions" && (
        <VersionsDialog item={dialog.item} onClose={() => setDialog(null)} onDownload={(version) => download(dialog.item.name, version)} />
      )}
    </Box>
  );
}
