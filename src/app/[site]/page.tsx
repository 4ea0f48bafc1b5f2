import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { getTranslations } from "next-intl/server";
import { FaqScroll } from "@/components/faq-scroll";
import { LinkButton } from "@/components/link-button";
import { resolveSite, staticRoute } from "@/components/static-route-page";
import { FAQ_ANCHOR } from "@/sites/nav";
import { SITES } from "@/sites/registry";

// GET /: the front page of each site. The marketing content comes with its own issue; the FAQ section
// exists already because the nav's FAQ entry scrolls to it.
export const { generateStaticParams, generateMetadata } = staticRoute("home");
export const dynamicParams = false;

const FAQ_ITEMS = ["trial", "support"] as const;

export default async function HomePage({ params }: { params: Promise<{ site: string }> }) {
  const site = SITES[await resolveSite(params, "home")];
  const t = await getTranslations("home");
  return (
    <>
      <FaqScroll />
      <Box
        sx={{
          bgcolor: "#1562ad",
          color: "#fff",
          py: { xs: 6, md: 10 },
          // The brand blue stays in dark mode, a shade deeper so the page does not glare.
          ".dark &": { bgcolor: "#0e4379" },
        }}
      >
        <Container maxWidth="lg">
          <Typography variant="overline" component="p" sx={{ fontWeight: 700, opacity: 0.85 }} data-testid="product-name">
            {site.productName}
          </Typography>
          {/* Smaller on a phone: "Kloaktegninger" at the h3 size was wider than a 390 px screen. The long
              compound words of Danish and Swedish may still break rather than push the page sideways. */}
          <Typography
            variant="h3"
            component="h1"
            sx={{
              fontWeight: 800,
              maxWidth: 760,
              mb: 2,
              fontSize: { xs: "2.25rem", sm: "3rem" },
              overflowWrap: "break-word",
              hyphens: "auto",
            }}
          >
            {t("heading")}
          </Typography>
          <Typography variant="h6" component="p" sx={{ fontWeight: 400, maxWidth: 680, mb: 4, opacity: 0.95 }}>
            {t("lead")}
          </Typography>
          <LinkButton href="/register" variant="contained" color="tertiary" size="large" disableElevation>
            {t("cta")}
          </LinkButton>
        </Container>
      </Box>
      <Container maxWidth="md" component="section" id={FAQ_ANCHOR} sx={{ py: 8, scrollMarginTop: 80 }}>
        <Typography variant="h4" component="h2" gutterBottom>
          {t("faqTitle")}
        </Typography>
        {FAQ_ITEMS.map((item) => (
          <Box key={item} sx={{ mt: 3 }}>
            <Typography variant="h6" component="h3">
              {t(`faq.${item}Question`)}
            </Typography>
            <Typography color="text.secondary">{t(`faq.${item}Answer`)}</Typography>
          </Box>
        ))}
      </Container>
    </>
  );
}
