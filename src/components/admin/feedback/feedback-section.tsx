"use client";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { toast } from "react-toastify";
import { FeedbackAnswerDialog } from "./feedback-answer-dialog";
import { adminHref } from "../sections";
import { listFeedback, setFeedbackHandled } from "@/client/admin-feedback";
import { errorMessage } from "@/client/api";
import { useSite } from "@/components/site-context";
import { SITE_TIME_ZONE } from "@/lib/billing/dates";
import { FEEDBACK_FILTERS, type FeedbackDto, type FeedbackFilter, type FeedbackPageDto } from "@/lib/schemas/admin-feedback";
import { SITES, isSiteId, type Locale } from "@/sites/registry";

const INTL_LOCALE: Record<Locale, string> = { da: "da-DK", sv: "sv-SE" };

function dateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "medium", timeStyle: "short", timeZone: SITE_TIME_ZONE }).format(
    new Date(iso),
  );
}

/**
 * The page a message was sent from as a link, when it is a host and a path as the feedback form sends
 * them: protocol-relative, so it opens with the admin page's own scheme (https, or http locally).
 */
function pageHref(page: string): string | null {
  return /^[a-z0-9.-]+(:\d+)?\/[^\s]*$/i.test(page) ? `//${page}` : null;
}

const filterOf = (value: string | null): FeedbackFilter =>
  (FEEDBACK_FILTERS as readonly string[]).includes(value ?? "") ? (value as FeedbackFilter) : "open";
const pageOf = (value: string | null): number => Math.max(1, Math.floor(Number(value)) || 1);

function FeedbackItem({
  feedback,
  onChange,
  onAnswer,
}: {
  feedback: FeedbackDto;
  onChange: (updated: FeedbackDto) => void;
  onAnswer: (feedback: FeedbackDto) => void;
}) {
  const t = useTranslations("admin.feedback");
  const { locale } = useSite();
  const [pending, setPending] = useState(false);
  const href = pageHref(feedback.page);
  const product = isSiteId(feedback.site) ? SITES[feedback.site].productName : feedback.site;
  const headingId = `feedback-${feedback.id}-sender`;

  const toggleHandled = async () => {
    setPending(true);
    try {
      onChange(await setFeedbackHandled(feedback.id, !feedback.handled));
    } catch (caught) {
      toast.error(errorMessage(caught, t("loadError")));
    } finally {
      setPending(false);
    }
  };

  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2 }}
      aria-labelledby={headingId}
      data-testid="feedback-item"
      data-id={feedback.id}
      data-handled={feedback.handled ? "true" : "false"}
    >
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: 1, flexWrap: "wrap", mb: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h3" id={headingId} sx={{ fontWeight: 700, overflowWrap: "anywhere" }}>
            {feedback.name}{" "}
            <Typography component="span" color="text.secondary" sx={{ fontWeight: 400 }}>
              {feedback.canAnswer || feedback.answer ? <Link href={`mailto:${feedback.email}`}>{feedback.email}</Link> : feedback.email}
            </Typography>
          </Typography>
        </Box>
        <Chip
          size="small"
          label={feedback.handled ? t("handled") : t("open")}
          sx={feedback.handled ? { bgcolor: "success.dark", color: "common.white" } : { bgcolor: "action.selected" }}
          data-testid="feedback-state"
        />
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          mb: 1.5,
          display: "grid",
          gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", md: "minmax(0, 2fr) repeat(2, minmax(0, 1fr))" },
          gap: { xs: 0.5, sm: 1.5 },
          "& dt": { color: "text.secondary", typography: "body2" },
          "& dd": { m: 0, overflowWrap: "anywhere" },
        }}
      >
        <div>
          <dt>{t("page")}</dt>
          <dd data-testid="feedback-page">
            {href ? (
              <Link href={href} target="_blank" rel="noopener noreferrer">
                {feedback.page}
              </Link>
            ) : (
              feedback.page || t("noPage")
            )}
          </dd>
        </div>
        <div>
          <dt>{t("site")}</dt>
          <dd data-testid="feedback-site">
            {product} · {feedback.userId === null ? t("notLoggedIn") : t("userId", { id: feedback.userId })}
          </dd>
        </div>
        <div>
          <dt>{t("time")}</dt>
          <dd>
            <time dateTime={feedback.createdAt}>{dateTime(feedback.createdAt, locale)}</time>
          </dd>
        </div>
      </Box>
      <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="feedback-message">
        {feedback.message}
      </Typography>
      {feedback.answer && (
        <Box
          sx={{ mt: 1.5, pl: 2, py: 1, borderLeft: 4, borderColor: "primary.main", bgcolor: "action.hover", borderRadius: 1 }}
          data-testid="feedback-answer"
        >
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {t("answeredBy", { who: feedback.answer.answeredByEmail ?? t("staff"), time: dateTime(feedback.answer.answeredAt, locale) })}
          </Typography>
          <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{feedback.answer.text}</Typography>
        </Box>
      )}
      <Box sx={{ display: "flex", gap: 1, mt: 1.5, flexWrap: "wrap", alignItems: "center" }}>
        {!feedback.answer &&
          (feedback.canAnswer ? (
            <Button
              variant="contained"
              disableElevation
              size="small"
              onClick={() => onAnswer(feedback)}
              data-testid="feedback-answer-button"
            >
              {t("answer")}
            </Button>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t("noAddress")}
            </Typography>
          ))}
        <Button
          variant="outlined"
          size="small"
          disabled={pending}
          onClick={() => void toggleHandled()}
          data-testid="feedback-handled-button"
        >
          {feedback.handled ? t("markOpen") : t("markHandled")}
        </Button>
      </Box>
    </Paper>
  );
}

/** The admin area's feedback (issue 32): the messages, newest first, with their filter and page in the address. */
export function FeedbackSection() {
  const t = useTranslations("admin.feedback");
  const router = useRouter();
  const params = useSearchParams();
  const status = filterOf(params.get("status"));
  const page = pageOf(params.get("page"));
  const [data, setData] = useState<FeedbackPageDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [answering, setAnswering] = useState<FeedbackDto | null>(null);
  const [attempt, setAttempt] = useState(0);

  const go = useCallback(
    (next: { status?: FeedbackFilter; page?: number }) => {
      const query: Record<string, string> = {};
      const nextStatus = next.status ?? status;
      const nextPage = next.page ?? page;
      if (nextStatus !== "open") query.status = nextStatus;
      if (nextPage > 1) query.page = String(nextPage);
      router.replace(adminHref("feedback", query), { scroll: false });
    },
    [router, status, page],
  );

  useEffect(() => {
    const controller = new AbortController();
    listFeedback(status, page, controller.signal)
      .then((answer) => {
        setData(answer);
        setError(null);
      })
      .catch((caught) => {
        if (!controller.signal.aborted) setError(errorMessage(caught, t("loadError")));
      });
    return () => controller.abort();
  }, [status, page, attempt, t]);

  const replace = (updated: FeedbackDto) =>
    setData((current) => current && { ...current, items: current.items.map((item) => (item.id === updated.id ? updated : item)) });

  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={status}
        onChange={(_, value: FeedbackFilter | null) => value && go({ status: value, page: 1 })}
        aria-label={t("filterLabel")}
        data-testid="feedback-filter"
      >
        {FEEDBACK_FILTERS.map((filter) => (
          <ToggleButton key={filter} value={filter} data-testid={`feedback-filter-${filter}`}>
            {t(`filters.${filter}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>

      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
              {t("retry")}
            </Button>
          }
        >
          {error}
        </Alert>
      )}
      {!data && !error && (
        <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
          <CircularProgress aria-label={t("listLabel")} />
        </Box>
      )}
      {data && data.items.length === 0 && (
        <Typography color="text.secondary" data-testid="feedback-empty">
          {t("empty")}
        </Typography>
      )}
      {data && data.items.length > 0 && (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label={t("listLabel")} data-testid="feedback-list">
          {data.items.map((feedback) => (
            <FeedbackItem key={feedback.id} feedback={feedback} onChange={replace} onAnswer={setAnswering} />
          ))}
        </Stack>
      )}
      {data && (data.page > 1 || data.hasMore) && (
        <Box component="nav" aria-label={t("pagination")} sx={{ display: "flex", alignItems: "center", gap: 2 }}>
          <Button disabled={data.page <= 1} onClick={() => go({ page: data.page - 1 })}>
            {t("previous")}
          </Button>
          <Typography>{t("pageNumber", { page: data.page })}</Typography>
          <Button disabled={!data.hasMore} onClick={() => go({ page: data.page + 1 })}>
            {t("next")}
          </Button>
        </Box>
      )}
      {answering && (
        <FeedbackAnswerDialog
          feedback={answering}
          onClose={() => setAnswering(null)}
          onAnswered={(updated) => {
            replace(updated);
            setAnswering(null);
            toast.success(t("answerSent", { email: updated.email }));
          }}
        />
      )}
    </Stack>
  );
}
