"use client";
/**
 * Sign lists (spec 2-content §2 "sign lists", §3, §4, §5, §8): the user's own lists of signs, kept for
 * ordering and setting up material. The overview shows each list's name and sign count, and creates,
 * renames and deletes lists (deleting asks first). A list is chosen before anything is added to it (§5):
 * opening a list shows its signs, where counts and comments are edited in place, signs are added from
 * the sign gallery or all at once from the open plan, removed, and the list is exported as PDF or Excel.
 *
 * Every change of a list's signs sends the whole list (PUT /custom-lists/{id}); the changes of one list
 * are sent one after the other, so the last one the user made is the one the server keeps.
 */
import AddIcon from "@mui/icons-material/Add";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import DriveFileRenameOutlineIcon from "@mui/icons-material/DriveFileRenameOutline";
import FormatListBulletedIcon from "@mui/icons-material/FormatListBulleted";
import GridOnIcon from "@mui/icons-material/GridOn";
import PictureAsPdfOutlinedIcon from "@mui/icons-material/PictureAsPdfOutlined";
import PlaylistAddIcon from "@mui/icons-material/PlaylistAdd";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useFormatter, useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "react-toastify";
import { addSigns, planSignRows, TooManySignsError, type DescribeSign, type PlacedSign } from "@/lib/signs/list-signs";
import { SignListTable } from "./sign-list-table";
import { createCustomList, deleteCustomList, fetchCustomList, fetchCustomLists, summaryOf, updateCustomList } from "./sign-lists-api";
import { SignPickerDialog } from "./sign-picker-dialog";
import { planFileName } from "../../core/file/plan-file";
import { saveBlobAs } from "@/client/save-file";
import { buildSignListWorkbook } from "../../export/sign-list-excel";
import { buildSignListPdf, type PictureProblem, type SignListDocumentTexts } from "../../export/sign-list-pdf";
import { fetchOrganisationSigns, fetchPersonalSigns } from "../../kinds/sign/sign-api";
import { pictureValueOf } from "../../kinds/sign/sign-image";
import { loadSignLibrary } from "../../kinds/sign/sign-library";
import { errorMessage } from "@/client/api";
import { DialogFrame } from "@/components/dialog-frame";
import { useSite } from "@/components/site-context";
import {
  CUSTOM_LIST_COUNT_MAX,
  CUSTOM_LIST_MAX_SIGNS,
  CUSTOM_LIST_NAME_MAX,
  CUSTOM_LIST_SIGN_VALUE_MAX,
  customListNameSchema,
  customListSignSchema,
  type CustomListDto,
  type CustomListSign,
  type CustomListSummaryDto,
} from "@/lib/schemas/custom-lists";

type ExportFormat = "pdf" | "xlsx";
const FORMAT_NAME: Record<ExportFormat, string> = { pdf: "PDF", xlsx: "Excel" };

type NameDialog = { mode: "create" } | { mode: "rename"; list: CustomListSummaryDto };

/** The list with other signs, its counts following them. */
function withSigns(list: CustomListDto, signs: CustomListSign[]): CustomListDto {
  return { ...list, signs, signCount: signs.length, totalCount: signs.reduce((sum, sign) => sum + sign.count, 0) };
}

const isListImageUrl = (url: string) => customListSignSchema.shape.imageUrl.safeParse(url).success;

export function SignListsDialog({
  open,
  onClose,
  placedSigns,
  recentSigns,
}: {
  open: boolean;
  onClose: () => void;
  /** The signs placed in the open plan now. */
  placedSigns: () => PlacedSign[];
  /** Image URLs of the user's recently used signs, newest first. */
  recentSigns: () => readonly string[];
}) {
  const t = useTranslations("signLists");
  const format = useFormatter();
  const site = useSite();
  const [lists, setLists] = useState<CustomListSummaryDto[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [current, setCurrent] = useState<CustomListDto | null>(null);
  const [opening, setOpening] = useState<number | null>(null);
  const [nameDialog, setNameDialog] = useState<NameDialog | null>(null);
  const [deleting, setDeleting] = useState<CustomListSummaryDto | null>(null);
  const [pending, setPending] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const [addingPlan, setAddingPlan] = useState(false);
  /** The list as last saved changes are sent from; the newest change is the one a save's answer may show. */
  const currentRef = useRef<CustomListDto | null>(null);
  useEffect(() => {
    currentRef.current = current;
  }, [current]);
  const saves = useRef<Promise<void>>(Promise.resolve());
  const saveSeq = useRef(0);

  const load = useCallback(
    () =>
      fetchCustomLists().then(
        (loaded) => {
          setLists(loaded);
          setLoadFailed(false);
        },
        (error: unknown) => {
          // Spec core §8: a failed load of custom lists is logged; the dialog offers to try again.
          console.error("sign lists: load failed", error);
          setLoadFailed(true);
        },
      ),
    [],
  );
  useEffect(() => {
    if (open && lists === null) void load();
  }, [open, lists, load]);

  const remember = (list: CustomListDto) =>
    setLists((all) => {
      const summary = summaryOf(list);
      const rest = (all ?? []).filter((l) => l.id !== list.id);
      return [summary, ...rest];
    });

  const openList = (id: number) => {
    setOpening(id);
    fetchCustomList(id).then(
      (list) => {
        setCurrent(list);
        setOpening(null);
      },
      (error: unknown) => {
        console.error("sign lists: open failed", error);
        toast.error(errorMessage(error, t("errors.load")));
        setOpening(null);
      },
    );
  };

  /** Shows `signs` at once and sends them; a failure says `errorKey` and shows the list as the server has it. */
  const saveSigns = (signs: CustomListSign[], errorKey: "update" | "add"): Promise<boolean> => {
    const list = currentRef.current;
    if (!list) return Promise.resolve(false);
    const optimistic = withSigns(list, signs);
    currentRef.current = optimistic;
    setCurrent(optimistic);
    const seq = ++saveSeq.current;
    let ok = false;
    saves.current = saves.current.then(() =>
      updateCustomList(list.id, { signs }).then(
        (saved) => {
          ok = true;
          remember(saved);
          if (seq === saveSeq.current) setCurrent((shown) => (shown?.id === saved.id ? saved : shown));
        },
        (error: unknown) => {
          console.error("sign lists: save failed", error);
          toast.error(errorMessage(error, t(`errors.${errorKey}`)));
          void fetchCustomList(list.id).then(
            (fresh) => setCurrent((shown) => (shown?.id === fresh.id ? fresh : shown)),
            () => undefined,
          );
        },
      ),
    );
    return saves.current.then(() => ok);
  };

  /** Adds signs to the chosen list (spec §5: a list must be chosen first). */
  const add = async (added: CustomListSign[]): Promise<boolean> => {
    const list = currentRef.current;
    if (!list) {
      toast.warning(t("errors.chooseList"));
      return false;
    }
    let signs: CustomListSign[];
    try {
      signs = addSigns(list.signs, added);
    } catch (error) {
      if (error instanceof TooManySignsError) toast.error(t("errors.tooManySigns", { max: CUSTOM_LIST_MAX_SIGNS }));
      else {
        console.error("sign lists: add failed", error);
        toast.error(t("errors.add"));
      }
      return false;
    }
    return saveSigns(signs, "add");
  };

  const addPicked = (sign: CustomListSign) => {
    const before = currentRef.current?.signs.find((s) => s.imageUrl === sign.imageUrl && (s.value ?? "") === (sign.value ?? ""));
    void add([sign]).then((ok) => {
      if (!ok) return;
      const name = sign.value ? `${sign.name} (${sign.value})` : sign.name;
      if (before) toast.success(t("done.counted", { name, count: Math.min(before.count + 1, CUSTOM_LIST_COUNT_MAX) }), { autoClose: 2000 });
      else toast.success(t("done.added", { name }), { autoClose: 2000 });
    });
  };

  /** Every distinct sign of the open plan, with its count, into the chosen list. */
  const addPlanSigns = async () => {
    setAddingPlan(true);
    try {
      const [library, personal, organisation] = await Promise.all([loadSignLibrary(), fetchPersonalSigns(), fetchOrganisationSigns()]);
      const uploads = new Map([...(personal ?? []), ...(organisation?.signs ?? [])].map((s) => [s.gallery_image_url, s.name]));
      const describe: DescribeSign = (imageUrl, values) => {
        if (!isListImageUrl(imageUrl)) return null;
        let sign;
        try {
          sign = library.findSign(imageUrl);
        } catch {
          return null;
        }
        if (sign) {
          const value = pictureValueOf(sign, values)?.slice(0, CUSTOM_LIST_SIGN_VALUE_MAX);
          // A plan may name a sign by another path ending in its id; the list holds the catalogue's (the server takes no other).
          return { imageUrl: sign.imageUrl, name: `${sign.code} ${sign.name}`, ...(value && { value }) };
        }
        if (imageUrl.startsWith("/signs/")) return null; // a catalogue id nobody knows: no picture to show
        return { name: uploads.get(imageUrl) ?? t("unnamedUpload") };
      };
      const { rows, skipped } = planSignRows(placedSigns(), describe);
      if (rows.length === 0) {
        toast.info(skipped ? t("done.planSkipped", { count: skipped }) : t("done.planNoSigns"));
        return;
      }
      if (await add(rows)) {
        const total = rows.reduce((sum, row) => sum + row.count, 0);
        toast.success(t("done.planAdded", { signs: rows.length, total }));
        if (skipped) toast.info(t("done.planSkipped", { count: skipped }));
      }
    } catch (error) {
      console.error("sign lists: adding the plan's signs failed", error);
      toast.error(t("errors.add"));
    } finally {
      setAddingPlan(false);
    }
  };

  const changeSign = (index: number, change: Pick<CustomListSign, "count" | "comment">) => {
    const list = currentRef.current;
    if (!list) return;
    void saveSigns(
      list.signs.map((sign, i) => (i === index ? { ...sign, ...change } : sign)),
      "update",
    );
  };
  const removeSign = (index: number) => {
    const list = currentRef.current;
    if (!list) return;
    void saveSigns(
      list.signs.filter((_, i) => i !== index),
      "update",
    );
  };

  // --- create, rename, delete -------------------------------------------------------------------------
  const submitName = async (name: string): Promise<string | null> => {
    if (!nameDialog) return null;
    const parsed = customListNameSchema.safeParse(name);
    if (!parsed.success) return t(`errors.${nameDialog.mode === "create" ? "create" : "rename"}`);
    setPending(true);
    try {
      if (nameDialog.mode === "create") {
        const list = await createCustomList({ name: parsed.data, signs: [] });
        remember(list);
        setCurrent(list);
        toast.success(t("done.created", { name: list.name }), { autoClose: 2000 });
      } else {
        await saves.current;
        const list = await updateCustomList(nameDialog.list.id, { name: parsed.data });
        remember(list);
        setCurrent((shown) => (shown?.id === list.id ? { ...shown, name: list.name, updatedAt: list.updatedAt } : shown));
      }
      setNameDialog(null);
      return null;
    } catch (error) {
      console.error("sign lists: name failed", error);
      return errorMessage(error, t(`errors.${nameDialog.mode === "create" ? "create" : "rename"}`));
    } finally {
      setPending(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setPending(true);
    try {
      await deleteCustomList(deleting.id);
      setLists((all) => all?.filter((l) => l.id !== deleting.id) ?? null);
      setCurrent((shown) => (shown?.id === deleting.id ? null : shown));
      toast.success(t("done.deleted", { name: deleting.name }), { autoClose: 2000 });
      setDeleting(null);
    } catch (error) {
      console.error("sign lists: delete failed", error);
      toast.error(errorMessage(error, t("errors.delete")));
    } finally {
      setPending(false);
    }
  };

  // --- export -------------------------------------------------------------------------------------------
  const documentTexts = (list: CustomListDto): SignListDocumentTexts => ({
    productName: site.productName,
    title: t("document.title"),
    date: t("document.date", { date: format.dateTime(new Date(), { dateStyle: "long" }) }),
    summary: t("document.summary", { signs: list.signCount, total: list.totalCount }),
    columns: { image: t("columns.image"), sign: t("columns.sign"), count: t("columns.count"), comment: t("columns.comment") },
    total: t("document.total"),
    page: (page, pages) => t("document.page", { page, pages }),
  });

  const exportList = async (kind: ExportFormat) => {
    await saves.current; // what the user sees is what is exported
    const list = currentRef.current;
    if (!list) return toast.warning(t("errors.chooseList"));
    if (list.signs.length === 0) return toast.warning(t("errors.noSigns"));
    setExporting(kind);
    try {
      const build = kind === "pdf" ? buildSignListPdf : buildSignListWorkbook;
      const { blob, problems } = await build(list.name, list.signs, documentTexts(list));
      saveBlobAs(blob, planFileName(list.name, kind));
      warnAbout(problems);
    } catch (error) {
      console.error(`sign lists: ${kind} export failed`, error);
      toast.error(t("errors.export", { format: FORMAT_NAME[kind] }));
    } finally {
      setExporting(null);
    }
  };
  const warnAbout = (problems: PictureProblem[]) => {
    for (const { sign, reason } of problems.slice(0, 3))
      toast.warning(t(reason === "noImageUrl" ? "errors.noImageUrl" : "errors.convertImage", { name: sign.name }));
  };

  const close = () => {
    if (exporting) return;
    setPickerOpen(false);
    onClose();
  };

  const busy = exporting !== null || addingPlan;

  return (
    <>
      <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="sign-lists-title" data-testid="sign-lists-dialog">
        <DialogTitle id="sign-lists-title" sx={{ display: "flex", alignItems: "center", gap: 1, pb: 1 }}>
          {current ? (
            <>
              <Tooltip title={t("back")}>
                <IconButton aria-label={t("back")} onClick={() => setCurrent(null)} size="small" edge="start" data-testid="sign-list-back">
                  <ArrowBackIcon />
                </IconButton>
              </Tooltip>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="h6" component="span" sx={{ fontWeight: 700, display: "block" }} noWrap data-testid="sign-list-name">
                  {current.name}
                </Typography>
                <Typography variant="body2" color="text.secondary" data-testid="sign-list-summary">
                  {t("summary", { signs: current.signCount, total: current.totalCount })}
                </Typography>
              </Box>
              <Tooltip title={t("rename")}>
                <IconButton
                  aria-label={t("renameList", { name: current.name })}
                  onClick={() => setNameDialog({ mode: "rename", list: summaryOf(current) })}
                  data-testid="sign-list-rename"
                >
                  <DriveFileRenameOutlineIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title={t("delete")}>
                <IconButton
                  aria-label={t("deleteList", { name: current.name })}
                  onClick={() => setDeleting(summaryOf(current))}
                  data-testid="sign-list-delete"
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Tooltip>
            </>
          ) : (
            <>
              <Typography variant="h6" component="span" sx={{ flex: 1, fontWeight: 700 }}>
                {t("title")}
              </Typography>
              <Button
                variant="contained"
                disableElevation
                startIcon={<AddIcon />}
                onClick={() => setNameDialog({ mode: "create" })}
                data-testid="sign-list-new"
              >
                {t("newList")}
              </Button>
            </>
          )}
        </DialogTitle>
        <DialogContent dividers sx={{ minHeight: 360, p: current ? 0 : undefined }}>
          {current ? (
            <>
              <Box
                sx={{
                  display: "flex",
                  flexWrap: "wrap",
                  gap: 1,
                  px: 2,
                  py: 1.5,
                  borderBottom: 1,
                  borderColor: "divider",
                  position: "sticky",
                  top: 0,
                  zIndex: 3,
                  bgcolor: "background.paper",
                }}
              >
                <Button
                  variant="contained"
                  disableElevation
                  startIcon={<AddIcon />}
                  onClick={() => setPickerOpen(true)}
                  data-testid="sign-list-add"
                >
                  {t("addSign")}
                </Button>
                <Button
                  variant="outlined"
                  startIcon={addingPlan ? <CircularProgress size={16} /> : <PlaylistAddIcon />}
                  onClick={() => void addPlanSigns()}
                  disabled={busy}
                  data-testid="sign-list-add-plan"
                >
                  {t("addPlanSigns")}
                </Button>
                <Box sx={{ flex: 1 }} />
                <Button
                  variant="outlined"
                  startIcon={exporting === "pdf" ? <CircularProgress size={16} /> : <PictureAsPdfOutlinedIcon />}
                  onClick={() => void exportList("pdf")}
                  disabled={busy}
                  data-testid="sign-list-export-pdf"
                >
                  {exporting === "pdf" ? t("exporting") : t("exportPdf")}
                </Button>
                <Button
                  variant="outlined"
                  startIcon={exporting === "xlsx" ? <CircularProgress size={16} /> : <GridOnIcon />}
                  onClick={() => void exportList("xlsx")}
                  disabled={busy}
                  data-testid="sign-list-export-excel"
                >
                  {exporting === "xlsx" ? t("exporting") : t("exportExcel")}
                </Button>
              </Box>
              {current.signs.length === 0 ? (
                <Typography color="text.secondary" sx={{ p: 3 }} data-testid="sign-list-empty">
                  {t("listEmpty")}
                </Typography>
              ) : (
                <SignListTable signs={current.signs} onChange={changeSign} onRemove={removeSign} />
              )}
            </>
          ) : (
            <Overview
              lists={lists}
              loadFailed={loadFailed}
              opening={opening}
              onRetry={() => {
                setLoadFailed(false);
                void load();
              }}
              onOpen={openList}
              onRename={(list) => setNameDialog({ mode: "rename", list })}
              onDelete={setDeleting}
            />
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={close} color="inherit" disabled={exporting !== null} data-testid="sign-lists-close">
            {t("close")}
          </Button>
        </DialogActions>
      </Dialog>

      {pickerOpen && current && (
        <SignPickerDialog
          listName={current.name}
          site={site.id}
          recentSigns={recentSigns()}
          onAdd={addPicked}
          onClose={() => setPickerOpen(false)}
        />
      )}
      {nameDialog && (
        <NameDialog
          key={nameDialog.mode === "rename" ? `rename-${nameDialog.list.id}` : "create"}
          title={t(nameDialog.mode === "create" ? "createTitle" : "renameTitle")}
          confirmLabel={t(nameDialog.mode === "create" ? "create" : "renameConfirm")}
          initial={nameDialog.mode === "rename" ? nameDialog.list.name : ""}
          pending={pending}
          onClose={() => setNameDialog(null)}
          onSubmit={submitName}
        />
      )}
      {deleting && (
        <DialogFrame
          testId="sign-list-delete-dialog"
          title={t("deleteTitle")}
          onClose={() => setDeleting(null)}
          onSubmit={(event) => {
            event.preventDefault();
            void confirmDelete();
          }}
          pending={pending}
          cancelLabel={t("cancel")}
          cancelAutoFocus
          confirmLabel={t("deleteConfirm")}
          confirmColor="error"
        >
          <Typography>{t("deleteText", { name: deleting.name, count: deleting.signCount })}</Typography>
        </DialogFrame>
      )}
    </>
  );
}

function Overview({
  lists,
  loadFailed,
  opening,
  onRetry,
  onOpen,
  onRename,
  onDelete,
}: {
  lists: CustomListSummaryDto[] | null;
  loadFailed: boolean;
  opening: number | null;
  onRetry: () => void;
  onOpen: (id: number) => void;
  onRename: (list: CustomListSummaryDto) => void;
  onDelete: (list: CustomListSummaryDto) => void;
}) {
  const t = useTranslations("signLists");
  if (loadFailed)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t("retry")}
          </Button>
        }
      >
        {t("loadFailed")}
      </Alert>
    );
  if (!lists)
    return (
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, p: 2 }} role="status">
        <CircularProgress size={20} />
        <Typography color="text.secondary">{t("loading")}</Typography>
      </Box>
    );
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {lists.length === 0 ? t("empty") : t("hint")}
      </Typography>
      <List data-testid="sign-lists" disablePadding>
        {lists.map((list) => (
          <ListItem
            key={list.id}
            disablePadding
            divider
            data-testid={`sign-list-item-${list.id}`}
            secondaryAction={
              <Box sx={{ display: "flex", gap: 0.5 }}>
                <Tooltip title={t("rename")}>
                  <IconButton aria-label={t("renameList", { name: list.name })} onClick={() => onRename(list)} size="small">
                    <DriveFileRenameOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t("delete")}>
                  <IconButton aria-label={t("deleteList", { name: list.name })} onClick={() => onDelete(list)} size="small">
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            }
            sx={{ "& .MuiListItemButton-root": { pr: 12 } }}
          >
            <ListItemButton onClick={() => onOpen(list.id)} disabled={opening !== null} aria-label={t("openList", { name: list.name })}>
              <ListItemIcon sx={{ minWidth: 40 }}>
                {opening === list.id ? <CircularProgress size={20} /> : <FormatListBulletedIcon color="primary" />}
              </ListItemIcon>
              <ListItemText
                primary={list.name}
                secondary={t("summary", { signs: list.signCount, total: list.totalCount })}
                slotProps={{ primary: { sx: { fontWeight: 600 }, noWrap: true } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </>
  );
}

/** Create and rename: one field, Enter submits; the server's refusal (or the spec's message) shows above it. */
function NameDialog({
  title,
  confirmLabel,
  initial,
  pending,
  onClose,
  onSubmit,
}: {
  title: string;
  confirmLabel: string;
  initial: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: (name: string) => Promise<string | null>;
}) {
  const t = useTranslations("signLists");
  const tValidation = useTranslations("validation");
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <DialogFrame
      testId="sign-list-name-dialog"
      title={title}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = customListNameSchema.safeParse(name);
        if (!parsed.success)
          return setError(
            tValidation(parsed.error.issues[0]?.message === "customListNameTooLong" ? "customListNameTooLong" : "customListNameRequired"),
          );
        void onSubmit(name).then(setError);
      }}
      pending={pending}
      error={error}
      cancelLabel={t("cancel")}
      confirmLabel={confirmLabel}
    >
      <TextField
        autoFocus
        fullWidth
        margin="dense"
        label={t("nameLabel")}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
        slotProps={{ htmlInput: { maxLength: CUSTOM_LIST_NAME_MAX, "data-testid": "sign-list-name-input" } }}
      />
    </DialogFrame>
  );
}
