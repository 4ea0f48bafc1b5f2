"use client";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormHelperText from "@mui/material/FormHelperText";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { ApiRequestError } from "@/client/api";
import { createPlan, uploadBackground } from "@/client/projects/projects-api";
import { useForm } from "@/client/use-form";
import { DialogFrame } from "@/components/dialog-frame";
import type { ProjectDto } from "@/lib/schemas/project";
import { MAX_BACKGROUND_BYTES, PAPER_SIZES, planNameSchema, scaleSchema, type SignplanDto } from "@/lib/schemas/signplan";
import * as z from "zod";

/** What the file input offers; the server checks the content itself (core §5). */
const BACKGROUND_ACCEPT = ".png,.jpg,.jpeg,.webp,.pdf";
const BACKGROUND_TYPES = ["image/png", "image/jpeg", "image/webp", "application/pdf"];
const BACKGROUND_EXTENSION = /\.(png|jpe?g|webp|pdf)$/i;
const MAX_BACKGROUND_MB = MAX_BACKGROUND_BYTES / (1024 * 1024);

/** The form's own fields; an empty paper size or scale means none (both are optional). */
const newPlanFormSchema = z.object({
  name: planNameSchema,
  paperSize: z.enum(["", ...PAPER_SIZES], { error: "paperSize" }),
  // Not a union with "": a failed union reports its own generic issue instead of the scale's message.
  scale: z
    .string()
    .trim()
    .refine((value) => value === "" || scaleSchema.safeParse(value).success, { error: "scaleFormat" }),
});

/**
 * A new plan in `project` (core §3, §5): a name, optionally a background image or PDF, a paper size and
 * a scale 1:xxx. The plan is created first and the background uploaded to it afterwards; when only the
 * upload fails the plan exists without a background, which cannot be added later, so the dialog says so
 * and stays open with the way to the new plan.
 */
export function NewPlanDialog({
  project,
  onClose,
  onCreated,
  onOpen,
}: {
  project: ProjectDto;
  onClose: () => void;
  /** The plan exists (with or without its background): the lists reload. */
  onCreated: (plan: SignplanDto, complete: boolean) => void;
  onOpen: (planId: number) => void;
}) {
  const t = useTranslations("projects.planForm");
  const tp = useTranslations("projects");
  const fileInput = useRef<HTMLInputElement>(null);
  const fileHintId = useId();
  const form = useForm({ name: "", paperSize: "", scale: "", file: null as File | null });
  const [uploading, setUploading] = useState(false);
  /** The plan whose background failed to upload; the dialog then offers the way to it. */
  const [created, setCreated] = useState<SignplanDto | null>(null);
  /** Why the server refused the background (too many pixels, a PDF too complex, …), in the user's language. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const openCreated = useRef<HTMLButtonElement>(null);
  // The create button that had the focus is gone: the way to the new plan takes it, for the keyboard.
  useEffect(() => {
    if (created) openCreated.current?.focus();
  }, [created]);
  const { file } = form.values;

  const pickFile = (picked: File | null) => {
    if (fileInput.current) fileInput.current.value = ""; // picking the same file again still fires change
    if (!picked) return;
    const typeOk = BACKGROUND_TYPES.includes(picked.type) || (!picked.type && BACKGROUND_EXTENSION.test(picked.name));
    const problem = !typeOk ? t("fileType") : picked.size > MAX_BACKGROUND_BYTES ? t("fileTooLarge", { mb: MAX_BACKGROUND_MB }) : undefined;
    form.set("file", problem ? null : picked);
    form.setErrors({ file: problem });
  };

  const submit = form.handleSubmit({
    schema: newPlanFormSchema,
    fallback: t("error"),
    action: async ({ name, paperSize, scale }) => {
      const plan = await createPlan(
        { name, project_id: project.id, paperSize: paperSize || undefined, scale: scale || undefined },
        { toast: false },
      );
      if (file) {
        setUploading(true);
        try {
          await uploadBackground(plan.id, file, { toast: false });
        } catch (error) {
          setRefusal(error instanceof ApiRequestError ? error.message : null);
          setCreated(plan);
          onCreated(plan, false);
          return "done";
        }
      }
      onCreated(plan, true);
      return "done";
    },
  });

  return (
    <DialogFrame
      testId="new-plan-dialog"
      title={t("title", { project: project.name })}
      maxWidth="sm"
      onClose={onClose}
      onSubmit={submit}
      pending={form.pending}
      error={form.formError}
      cancelLabel={created ? tp("close") : tp("cancel")}
      confirmLabel={uploading ? t("uploading") : form.busy ? t("creating") : t("create")}
      confirmAction={
        created && (
          <Button ref={openCreated} onClick={() => onOpen(created.id)} variant="contained" disableElevation>
            {t("openCreated")}
          </Button>
        )
      }
    >
      {created ? (
        <Alert severity="warning" data-testid="background-failed">
          {t("backgroundFailed")}
          {refusal && (
            <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="background-refusal">
              {refusal}
            </Typography>
          )}
        </Alert>
      ) : (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={t("name")} {...form.field("name")} required fullWidth autoFocus />
          <Box>
            <Typography component="div" variant="body2" color="text.secondary" sx={{ mb: 1 }} id={`${fileHintId}-label`}>
              {t("background")}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
              <Button variant="outlined" onClick={() => fileInput.current?.click()} disabled={form.busy} aria-describedby={fileHintId}>
                {t("chooseFile")}
              </Button>
              {file && (
                <>
                  <Typography variant="body2" sx={{ wordBreak: "break-all" }} data-testid="background-file-name">
                    {file.name}
                  </Typography>
                  <Button size="small" color="inherit" onClick={() => form.set("file", null)} disabled={form.busy}>
                    {t("removeFile")}
                  </Button>
                </>
              )}
            </Stack>
            <input
              ref={fileInput}
              type="file"
              accept={BACKGROUND_ACCEPT}
              hidden
              name="file"
              aria-labelledby={`${fileHintId}-label`}
              onChange={(e) => pickFile(e.target.files?.[0] ?? null)}
            />
            <FormHelperText id={fileHintId} error={!!form.errors.file}>
              {form.errors.file ?? t("fileHint", { mb: MAX_BACKGROUND_MB })}
            </FormHelperText>
          </Box>
          {/* Said before the fields, which a plan on the map does without. */}
          <Typography variant="body2" color="text.secondary" id={`${fileHintId}-scale`} data-testid="paper-scale-hint">
            {t("backgroundScaleHint")}
          </Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <TextField
              select
              label={t("paperSize")}
              {...form.field("paperSize")}
              fullWidth
              slotProps={{
                select: { native: true },
                inputLabel: { shrink: true },
                htmlInput: { "aria-describedby": `${fileHintId}-scale` },
              }}
            >
              <option value="">{t("paperNone")}</option>
              {PAPER_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </TextField>
            <TextField
              label={t("scale")}
              {...form.field("scale", t("scaleHint"))}
              placeholder="1:500"
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        </Stack>
      )}
    </DialogFrame>
  );
}
