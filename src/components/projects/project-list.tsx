"use client";
import ArchiveOutlinedIcon from "@mui/icons-material/ArchiveOutlined";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import FolderSharedOutlinedIcon from "@mui/icons-material/FolderSharedOutlined";
import DriveFileRenameOutlineIcon from "@mui/icons-material/DriveFileRenameOutline";
import GroupsOutlinedIcon from "@mui/icons-material/GroupsOutlined";
import RestoreIcon from "@mui/icons-material/Restore";
import UnarchiveOutlinedIcon from "@mui/icons-material/UnarchiveOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Stack from "@mui/material/Stack";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { RowActionsMenu, type RowAction } from "./row-actions-menu";
import type { ListKind, ProjectAction } from "@/client/projects/projects-api";
import type { ProjectDto } from "@/lib/schemas/project";

export interface ProjectListHandlers {
  onSelect: (project: ProjectDto) => void;
  onRename: (project: ProjectDto) => void;
  onShare: (project: ProjectDto) => void;
  onChange: (project: ProjectDto, action: ProjectAction) => void;
}

function ProjectText({ project }: { project: ProjectDto }) {
  const t = useTranslations("projects");
  return (
    <ListItemText
      primary={project.name}
      secondary={
        <Stack component="span" direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <span>{t("planCount", { count: project.planCount })}</span>
          {project.isShared && (
            <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
              <GroupsOutlinedIcon fontSize="inherit" aria-hidden />
              {t("shared")}
            </Box>
          )}
        </Stack>
      }
      slotProps={{ primary: { sx: { fontWeight: 600, wordBreak: "break-word" } } }}
    />
  );
}

/**
 * The projects of one lifecycle list with their actions (core §4): active ones are selectable and can
 * be renamed, shared with the organisation, archived or deleted; archived ones come back or go to the
 * trash; deleted ones are restored.
 */
export function ProjectList({
  kind,
  projects,
  selectedId,
  disabled,
  ...handlers
}: { kind: ListKind; projects: ProjectDto[]; selectedId: number | null; disabled: boolean } & ProjectListHandlers) {
  const t = useTranslations("projects.actions");
  const tArchive = useTranslations("archive");
  const router = useRouter();

  const actionsOf = (project: ProjectDto): RowAction[] => {
    if (kind === "deleted") return [];
    if (kind === "archived")
      return [
        {
          id: "unarchive",
          label: t("unarchive"),
          icon: <UnarchiveOutlinedIcon fontSize="small" />,
          onClick: () => handlers.onChange(project, "unarchive"),
        },
        {
          id: "delete",
          label: t("delete"),
          icon: <DeleteOutlinedIcon fontSize="small" />,
          onClick: () => handlers.onChange(project, "delete"),
        },
      ];
    const actions: RowAction[] = [
      {
        id: "rename",
        label: t("rename"),
        icon: <DriveFileRenameOutlineIcon fontSize="small" />,
        onClick: () => handlers.onRename(project),
      },
      {
        // Issue 35: the project's document archive (/order-control/).
        id: "documents",
        label: tArchive("openInArchive"),
        icon: <FolderSharedOutlinedIcon fontSize="small" />,
        onClick: () => router.push(`/order-control?project=${project.id}`),
      },
    ];
    if (!project.isShared && project.isOwner)
      actions.push({
        id: "share",
        label: t("share"),
        icon: <GroupsOutlinedIcon fontSize="small" />,
        onClick: () => handlers.onShare(project),
      });
    actions.push(
      {
        id: "archive",
        label: t("archive"),
        icon: <ArchiveOutlinedIcon fontSize="small" />,
        onClick: () => handlers.onChange(project, "archive"),
      },
      {
        id: "delete",
        label: t("delete"),
        icon: <DeleteOutlinedIcon fontSize="small" />,
        onClick: () => handlers.onChange(project, "delete"),
      },
    );
    return actions;
  };

  return (
    <List dense disablePadding data-testid="project-list">
      {projects.map((project) => (
        <ListItem key={project.id} disablePadding divider data-testid="project-row" sx={{ pr: 1.5, gap: 0.5 }}>
          {kind === "active" ? (
            <ListItemButton
              selected={project.id === selectedId}
              onClick={() => handlers.onSelect(project)}
              aria-current={project.id === selectedId ? "true" : undefined}
            >
              <ProjectText project={project} />
            </ListItemButton>
          ) : (
            <Box sx={{ flex: 1, minWidth: 0, px: 2, py: 0.5 }}>
              <ProjectText project={project} />
            </Box>
          )}
          {kind === "deleted" && (
            <Button
              size="small"
              startIcon={<RestoreIcon />}
              onClick={() => handlers.onChange(project, "restore")}
              disabled={disabled}
              sx={{ flexShrink: 0 }}
            >
              {t("restore")}
            </Button>
          )}
          <RowActionsMenu label={t("menu", { name: project.name })} actions={actionsOf(project)} disabled={disabled} />
        </ListItem>
      ))}
    </List>
  );
}
