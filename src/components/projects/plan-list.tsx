"use client";
import ArchiveOutlinedIcon from "@mui/icons-material/ArchiveOutlined";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import LinkIcon from "@mui/icons-material/Link";
import RestartAltIcon from "@mui/icons-material/RestartAlt";
import RestoreIcon from "@mui/icons-material/Restore";
import UnarchiveOutlinedIcon from "@mui/icons-material/UnarchiveOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import { useFormatter, useTranslations } from "next-intl";
import { RowActionsMenu, type RowAction } from "./row-actions-menu";
import type { ListKind, PlanAction } from "@/client/projects/projects-api";
import type { SignplanSummaryDto } from "@/lib/schemas/signplan";

export interface PlanListHandlers {
  onOpen: (plan: SignplanSummaryDto) => void;
  onCopy: (plan: SignplanSummaryDto) => void;
  onShareLink: (plan: SignplanSummaryDto) => void;
  onReset: (plan: SignplanSummaryDto) => void;
  onChange: (plan: SignplanSummaryDto, action: PlanAction) => void;
}

/** One line of facts about a plan: its project (outside the active list), size, paper, scale, background, last change. */
function PlanFacts({ plan, projectName }: { plan: SignplanSummaryDto; projectName: string | null }) {
  const t = useTranslations("projects");
  const format = useFormatter();
  const facts = [
    projectName !== null ? t("inProject", { project: projectName }) : null,
    t("planMeta.elements", { count: plan.elementCount }),
    plan.paperSize ? t("planMeta.paperSize", { size: plan.paperSize }) : null,
    plan.scale ? t("planMeta.scale", { scale: plan.scale }) : null,
    plan.backgroundKind === "image" ? t("planMeta.backgroundImage") : plan.backgroundKind === "pdf" ? t("planMeta.backgroundPdf") : null,
    t("planMeta.updated", { date: format.dateTime(new Date(plan.updatedAt), { dateStyle: "medium" }) }),
  ];
  return <>{facts.filter((fact) => fact !== null).join(" · ")}</>;
}

/**
 * Plans with their actions (core §4): an active plan opens, is copied, shared by link, archived or
 * deleted; an archived one comes back or goes to the trash; a deleted one is restored.
 */
export function PlanList({
  kind,
  plans,
  projectNames,
  disabled,
  ...handlers
}: {
  kind: ListKind;
  plans: SignplanSummaryDto[];
  /** Names by project id, shown on archived and deleted plans, which come from every project. */
  projectNames: ReadonlyMap<number, string> | null;
  disabled: boolean;
} & PlanListHandlers) {
  const t = useTranslations("projects.actions");

  const actionsOf = (plan: SignplanSummaryDto): RowAction[] => {
    if (kind === "deleted") return [];
    if (kind === "archived")
      return [
        {
          id: "unarchive",
          label: t("unarchive"),
          icon: <UnarchiveOutlinedIcon fontSize="small" />,
          onClick: () => handlers.onChange(plan, "unarchive"),
        },
        {
          id: "delete",
          label: t("delete"),
          icon: <DeleteOutlinedIcon fontSize="small" />,
          onClick: () => handlers.onChange(plan, "delete"),
        },
      ];
    return [
      { id: "copy", label: t("copy"), icon: <ContentCopyIcon fontSize="small" />, onClick: () => handlers.onCopy(plan) },
      { id: "shareLink", label: t("shareLink"), icon: <LinkIcon fontSize="small" />, onClick: () => handlers.onShareLink(plan) },
      {
        id: "archive",
        label: t("archive"),
        icon: <ArchiveOutlinedIcon fontSize="small" />,
        onClick: () => handlers.onChange(plan, "archive"),
      },
      { id: "reset", label: t("reset"), icon: <RestartAltIcon fontSize="small" />, onClick: () => handlers.onReset(plan) },
      { id: "delete", label: t("delete"), icon: <DeleteOutlinedIcon fontSize="small" />, onClick: () => handlers.onChange(plan, "delete") },
    ];
  };

  return (
    <List dense disablePadding data-testid="plan-list">
      {plans.map((plan) => {
        const text = (
          <ListItemText
            primary={plan.name}
            secondary={<PlanFacts plan={plan} projectName={projectNames ? (projectNames.get(plan.project_id) ?? "") : null} />}
            slotProps={{ primary: { sx: { fontWeight: 600, wordBreak: "break-word" } } }}
          />
        );
        return (
          <ListItem key={plan.id} disablePadding divider data-testid="plan-row" sx={{ pr: 1.5, gap: 0.5 }}>
            {kind === "active" ? (
              <ListItemButton onClick={() => handlers.onOpen(plan)} aria-label={t("openNamed", { name: plan.name })} disabled={disabled}>
                {text}
                {/* What a click does, for the eye; the button's label says it to assistive technology. */}
                <Box
                  component="span"
                  aria-hidden
                  sx={{
                    display: { xs: "none", sm: "inline-flex" },
                    flexShrink: 0,
                    ml: 1,
                    px: 1.25,
                    py: 0.25,
                    border: 1,
                    borderColor: "primary.main",
                    borderRadius: 1,
                    color: "primary.main",
                    fontSize: 13,
                    fontWeight: 700,
                  }}
                >
                  {t("open")}
                </Box>
              </ListItemButton>
            ) : (
              <Box sx={{ flex: 1, minWidth: 0, px: 2, py: 0.5 }}>{text}</Box>
            )}
            {kind === "deleted" && (
              <Button
                size="small"
                startIcon={<RestoreIcon />}
                onClick={() => handlers.onChange(plan, "restore")}
                disabled={disabled}
                sx={{ flexShrink: 0 }}
              >
                {t("restore")}
              </Button>
            )}
            <RowActionsMenu label={t("menu", { name: plan.name })} actions={actionsOf(plan)} disabled={disabled} />
          </ListItem>
        );
      })}
    </List>
  );
}
