"use client";
/**
 * Uploading a personal sign from the gallery's "Mine skilte" (spec 2-content §3 "Personal sign", §5
 * "Sign upload: PNG, JPG or WEBP only", §8 "Sign gallery: invalid file type; error reading file; error
 * uploading"), and, the same way, a sign to the organisation's gallery by its owner and administrators
 * (content §6): a file is picked with the button or dropped on the section, checked in the browser
 * (personal-sign-file.ts), named in a small dialog (prefilled from the file name) and uploaded. The
 * wrong-type and read-error texts are the server's own (api.signs.*), so both sides say the same.
 */
import UploadFileOutlinedIcon from "@mui/icons-material/UploadFileOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useCallback, useRef, useState, type FormEvent, type ReactNode } from "react";
import { errorMessage } from "@/client/api";
import { DialogFrame } from "@/components/dialog-frame";
import { MAX_SIGN_UPLOAD_BYTES, type OrganisationSignDto, type PersonalSignDto } from "@/lib/schemas/signs";
import { checkSignFile, PERSONAL_SIGN_ACCEPT, signNameOfFile } from "./personal-sign-file";
import { uploadOrganisationSign, uploadPersonalSign } from "./sign-api";

const MAX_MB = MAX_SIGN_UPLOAD_BYTES / 1024 / 1024;
/** Longest side of the dialog's preview, in pixels (twice its size on screen, for sharp high-DPI screens). */
const PREVIEW_PX = 144;

/**
 * The file drawn small, as a data: URL, or null when the browser cannot decode it. Not an object URL
 * of the file: the browser tests' trace recorder then fetched the blob: URL of an undecodable file, a
 * request the page's Content-Security-Policy (connect-src) refuses; a drawn copy needs no request.
 */
async function previewOf(file: File): Promise<string | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, PREVIEW_PX / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL("image/png");
  } catch {
    return null;
  }
}

/** A picked file waiting for its name, with a preview of it. */
interface Naming {
  file: File;
  /**
   * A small picture of the file (a data: URL), once the browser has decoded it; a file it cannot decode
   * gets none (the server says whether it can read it) rather than a broken-image icon.
   */
  previewUrl: string | null;
  name: string;
}

/** Which gallery a sign is uploaded to: its texts, its call and the prefix of its test ids. */
const GALLERIES = {
  personal: { texts: "editorSigns.upload", upload: uploadPersonalSign, testId: "personal-sign" },
  organisation: { texts: "editorSigns.organisationUpload", upload: uploadOrganisationSign, testId: "organisation-sign" },
} as const;

interface UploadedSign {
  personal: PersonalSignDto;
  organisation: OrganisationSignDto;
}

/**
 * The upload's parts: `controls` for the top of the gallery's section (button, hint, the last refusal),
 * `dialog` for the editor's overlay, and `pickFile` for a file dropped on the section.
 */
export function useSignUpload<K extends keyof typeof GALLERIES>(
  gallery: K,
  onUploaded: (sign: UploadedSign[K]) => void,
): {
  controls: ReactNode;
  dialog: ReactNode;
  pickFile: (file: File) => void;
} {
  const { texts, upload, testId } = GALLERIES[gallery];
  const t = useTranslations(texts);
  const tApi = useTranslations("api.signs");
  const tValidation = useTranslations("validation");
  const input = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [naming, setNaming] = useState<Naming | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const closeDialog = () => setNaming(null);

  const pickFile = useCallback(
    (file: File) => {
      setRefusal(null);
      void checkSignFile(file).then((problem) => {
        if (problem) return setRefusal(problem === "tooLarge" ? tApi("tooLarge", { mb: MAX_MB }) : tApi(problem));
        setError(null);
        setNaming({ file, previewUrl: null, name: signNameOfFile(file.name) });
        void previewOf(file).then(
          (previewUrl) => previewUrl && setNaming((current) => (current?.file === file ? { ...current, previewUrl } : current)),
        );
      });
    },
    [tApi],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!naming || pending) return;
    const name = naming.name.trim();
    if (!name) return setError(tValidation("signNameRequired"));
    setPending(true);
    setError(null);
    (upload(naming.file, name) as Promise<UploadedSign[K]>).then(
      (sign) => {
        setPending(false);
        closeDialog();
        onUploaded(sign);
      },
      (failure: unknown) => {
        setPending(false);
        // The server's message for a refusal (wrong type, unreadable, too large), ours for anything else.
        setError(errorMessage(failure, t("failed")));
      },
    );
  };

  const controls = (
    <Box sx={{ mb: 1 }} data-testid={`${testId}-upload`}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<UploadFileOutlinedIcon />}
          onClick={() => input.current?.click()}
          data-testid={`${testId}-upload-button`}
        >
          {t("button")}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept={PERSONAL_SIGN_ACCEPT}
          data-testid={`${testId}-file`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = ""; // picking the same file again still fires change
            if (file) pickFile(file);
          }}
        />
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {t("hint", { mb: MAX_MB })}
      </Typography>
      {refusal && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setRefusal(null)} data-testid={`${testId}-upload-refusal`}>
          {refusal}
        </Alert>
      )}
    </Box>
  );

  const dialog = naming && (
    <DialogFrame
      testId={`${testId}-dialog`}
      title={t("title")}
      onClose={closeDialog}
      onSubmit={submit}
      pending={pending}
      error={error}
      cancelLabel={t("cancel")}
      confirmLabel={t("submit")}
    >
      <Box sx={{ display: "flex", gap: 2, alignItems: "flex-start" }}>
        {/* An empty frame until the browser has drawn the file: a broken-image icon says nothing useful. */}
        <Box
          {...(naming.previewUrl ? { component: "img", src: naming.previewUrl, alt: "" } : {})}
          data-testid={`${testId}-preview`}
          sx={{ width: 72, height: 72, objectFit: "contain", flexShrink: 0, border: 1, borderColor: "divider", borderRadius: 1 }}
        />
        <TextField
          autoFocus
          fullWidth
          label={t("name")}
          value={naming.name}
          disabled={pending}
          onChange={(e) => setNaming({ ...naming, name: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 100, "data-testid": `${testId}-name` } }}
        />
      </Box>
      {pending && (
        <Box role="status" sx={{ mt: 2 }}>
          <Typography variant="caption" color="text.secondary">
            {t("uploading")}
          </Typography>
          <LinearProgress sx={{ mt: 0.5 }} />
        </Box>
      )}
    </DialogFrame>
  );

  return { controls, dialog, pickFile };
}
