"use client";
/**
 * The signs of an open sign list: picture, name (with the value the sign shows), count and comment, both
 * edited in place, and a button that removes the sign. A count or comment is saved when the field is
 * left or Enter is pressed; a count that is no whole number from 1 to 9999 is not saved and says why.
 */
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useState, type KeyboardEvent } from "react";
import { parseCount } from "@/lib/signs/list-signs";
import { resolveSignImage } from "../../kinds/sign/sign-image";
import { CUSTOM_LIST_COMMENT_MAX, CUSTOM_LIST_COUNT_MAX, CUSTOM_LIST_COUNT_MIN, type CustomListSign } from "@/lib/schemas/custom-lists";

export function SignListTable({
  signs,
  onChange,
  onRemove,
}: {
  signs: readonly CustomListSign[];
  /** A row's count or comment changed (already checked). */
  onChange: (index: number, change: Pick<CustomListSign, "count" | "comment">) => void;
  onRemove: (index: number) => void;
}) {
  const t = useTranslations("signLists");
  return (
    <Table size="small" stickyHeader data-testid="sign-list-table" aria-label={t("title")}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 72 }}>{t("columns.image")}</TableCell>
          <TableCell>{t("columns.sign")}</TableCell>
          <TableCell sx={{ width: 104 }}>{t("columns.count")}</TableCell>
          <TableCell sx={{ width: "38%" }}>{t("columns.comment")}</TableCell>
          <TableCell sx={{ width: 48 }}>
            <Box component="span" sx={visuallyHidden}>
              {t("columns.actions")}
            </Box>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {signs.map((sign, index) => (
          <SignRow
            // Rows after a removed one are new rows: their fields start from what is saved.
            key={`${index}:${sign.imageUrl}:${sign.value ?? ""}`}
            index={index}
            sign={sign}
            onChange={(change) => onChange(index, change)}
            onRemove={() => onRemove(index)}
          />
        ))}
      </TableBody>
    </Table>
  );
}

const visuallyHidden = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

function SignRow({
  index,
  sign,
  onChange,
  onRemove,
}: {
  index: number;
  sign: CustomListSign;
  onChange: (change: Pick<CustomListSign, "count" | "comment">) => void;
  onRemove: () => void;
}) {
  const t = useTranslations("signLists");
  const [count, setCount] = useState(String(sign.count));
  const [comment, setComment] = useState(sign.comment);
  const [countError, setCountError] = useState(false);
  // The saved values changed (the server's answer, another edit): the fields follow them.
  const [saved, setSaved] = useState({ count: sign.count, comment: sign.comment });
  if (saved.count !== sign.count || saved.comment !== sign.comment) {
    setSaved({ count: sign.count, comment: sign.comment });
    setCount(String(sign.count));
    setComment(sign.comment);
    setCountError(false);
  }
  const image = resolveSignImage(sign.imageUrl, sign.value ? { text: sign.value, name: sign.value } : {});

  const commitCount = () => {
    const parsed = parseCount(count);
    if (parsed === null) {
      setCountError(true);
      return;
    }
    setCountError(false);
    if (parsed !== sign.count) onChange({ count: parsed, comment: sign.comment });
    else setCount(String(parsed));
  };
  const commitComment = () => {
    const next = comment.trim();
    if (next !== sign.comment) onChange({ count: sign.count, comment: next });
  };
  const onEnter = (commit: () => void) => (event: KeyboardEvent) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      commit();
    }
  };

  return (
    <TableRow data-testid={`sign-list-row-${index}`} data-image-url={sign.imageUrl} hover>
      <TableCell>
        <Box
          component="img"
          src={image.src}
          alt=""
          loading="lazy"
          sx={{ width: 48, height: 48, objectFit: "contain", display: "block" }}
          data-testid="sign-list-row-image"
        />
      </TableCell>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="sign-list-row-name">
          {sign.name}
        </Typography>
        {sign.value && (
          <Typography variant="caption" color="text.secondary">
            {t("value", { value: sign.value })}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          value={count}
          onChange={(event) => {
            setCount(event.target.value);
            if (countError) setCountError(parseCount(event.target.value) === null);
          }}
          onBlur={commitCount}
          onKeyDown={onEnter(commitCount)}
          error={countError}
          helperText={countError ? t("countError", { min: CUSTOM_LIST_COUNT_MIN, max: CUSTOM_LIST_COUNT_MAX }) : undefined}
          slotProps={{
            htmlInput: {
              inputMode: "numeric",
              "aria-label": t("countLabel", { name: sign.name }),
              "data-testid": "sign-list-count",
              maxLength: 5,
            },
            formHelperText: { sx: { mx: 0, lineHeight: 1.2 } },
          }}
          sx={{ width: 88 }}
        />
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          fullWidth
          multiline
          maxRows={4}
          value={comment}
          placeholder={t("commentPlaceholder")}
          onChange={(event) => setComment(event.target.value)}
          onBlur={commitComment}
          onKeyDown={onEnter(commitComment)}
          slotProps={{
            htmlInput: {
              "aria-label": t("commentLabel", { name: sign.name }),
              "data-testid": "sign-list-comment",
              maxLength: CUSTOM_LIST_COMMENT_MAX,
            },
          }}
        />
      </TableCell>
      <TableCell>
        <IconButton
          size="small"
          aria-label={t("removeSign", { name: sign.name })}
          title={t("removeSign", { name: sign.name })}
          onClick={onRemove}
          data-testid="sign-list-remove"
        >
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}
