"use client";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { toast } from "react-toastify";
import { api, errorMessage } from "@/client/api";
import type { CatalogueChangeDto, CatalogueChangePageDto } from "@/lib/schemas/admin-signs";
import type { SiteId } from "@/sites/site-ids";

const actionKey = (action: CatalogueChangeDto["action"]) => action.slice("sign.".length) as "add" | "replaceArtwork" | "removeArtwork";

/** When a change was made, in the staff member's language and the company's time zone. */
function useFormatTime() {
  const locale = useLocale();
  return useCallback(
    (iso: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Copenhagen" }).format(new Date(iso)),
    [locale],
  );
}

/**
 * The catalogue's history, newest first, a page at a time: each change with who made it and when, and
 * "Fortryd" while it stands. `version` changes whenever the catalogue changed elsewhere on the screen;
 * `onUndone` tells the screen that the signs changed.
 */
export function SignHistory({ site, version, onUndone }: { site: SiteId; version: number; onUndone: () => void }) {
  const t = useTranslations("admin.signs");
  const formatTime = useFormatTime();
  const [changes, setChanges] = useState<CatalogueChangeDto[] | null>(null);
  const [nextCursor, setNextCursor] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);

  const load = useCallback(
    async (cursor: number | null) => {
      const query = new URLSearchParams({ site, ...(cursor !== null && { cursor: String(cursor) }) });
      return api.get<CatalogueChangePageDto>(`/admin/signs/changes?${query}`, { toast: false });
    },
    [site],
  );

  useEffect(() => {
    let live = true;
    load(null).then(
      (page) => {
        if (!live) return;
        setChanges(page.changes);
        setNextCursor(page.nextCursor);
        setFailed(false);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [load, version]);

  const more = () =>
    load(nextCursor).then(
      (page) => {
        setChanges((current) => [...(current ?? []), ...page.changes]);
        setNextCursor(page.nextCursor);
      },
      () => setFailed(true),
    );

  const undo = async (change: CatalogueChangeDto) => {
    setBusy(change.id);
    try {
      const undone = await api.post<CatalogueChangeDto>(`/admin/signs/changes/${change.id}/undo`, undefined, { toast: false });
      setChanges((current) => current?.map((c) => (c.id === undone.id ? undone : c)) ?? null);
      toast.success(t("undoneDone"));
      onUndone();
    } catch (error) {
      toast.error(errorMessage(error, t("actionFailed")));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box component="section" aria-labelledby="admin-signs-history" data-testid="admin-signs-history">
      <Typography id="admin-signs-history" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t("history")}
      </Typography>
      {failed && <Alert severity="error">{t("historyFailed")}</Alert>}
      {changes?.length === 0 && <Typography color="text.secondary">{t("historyEmpty")}</Typography>}
      <List dense disablePadding>
        {changes?.map((change) => {
          // Message keys cannot hold the action's dot: "sign.add" reads "actions.add".
          const action = t(`actions.${actionKey(change.action)}`);
          return (
            <ListItem
              key={change.id}
              divider
              data-testid="admin-sign-change"
              sx={{ gap: 1.5, alignItems: "center", px: 0, flexWrap: "wrap" }}
            >
              <Box
                sx={{ width: 40, height: 40, flex: "none", display: "flex", alignItems: "center", justifyContent: "center" }}
                aria-hidden
              >
                {change.imageUrl && <Box component="img" src={change.imageUrl} alt="" sx={{ maxWidth: 40, maxHeight: 40 }} />}
              </Box>
              <ListItemText
                sx={{ flex: "1 1 160px", m: 0 }}
                primary={`${action} · ${change.signId}`}
                secondary={
                  <>
                    {t("by", { email: change.adminEmail ?? t("unknownAdmin"), time: formatTime(change.createdAt) })}
                    {change.undoneAt && (
                      <>
                        <br />
                        {t("undone", { time: formatTime(change.undoneAt) })}
                        {change.undoneByEmail && ` · ${change.undoneByEmail}`}
                      </>
                    )}
                  </>
                }
              />
              {!change.undoneAt && (
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => void undo(change)}
                  disabled={busy !== null}
                  aria-label={t("undoLabel", { action, sign: change.signId })}
                  data-testid="admin-sign-undo"
                >
                  {t("undo")}
                </Button>
              )}
            </ListItem>
          );
        })}
      </List>
      {nextCursor !== null && (
        <Button onClick={() => void more()} sx={{ mt: 1 }}>
          {t("more")}
        </Button>
      )}
    </Box>
  );
}
