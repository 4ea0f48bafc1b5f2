"use client";
/**
 * The map's address search (issue 33, item 1): a box over the map's top left that suggests addresses
 * as the user types (GET /api/geocode, which asks the site's geocoder: DAWA in Denmark, a
 * Nominatim-compatible service in Sweden). Arrow keys and Enter pick a suggestion; picking one moves
 * the map there, a view change saved like any pan. When the service cannot be reached, the box says
 * so and nothing else changes. Render it inside the `position: relative` box that holds the map.
 */
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import SearchIcon from "@mui/icons-material/Search";
import type OlMap from "ol/Map";
import { fromLonLat, transformExtent } from "ol/proj";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { api, errorMessage } from "@/client/api";
import { useMapConfig } from "@/components/map-config-context";
import { useSite } from "@/components/site-context";
import { GEOCODE_QUERY_MIN, geocodeAnswerSchema, type GeocodeResultDto } from "@/lib/schemas/geocode";

/** Typing pauses shorter than this send nothing: one question per word, not per letter. */
export const SEARCH_DEBOUNCE_MS = 300;
/** An address is shown at street level, where a sign is placed. */
export const ADDRESS_ZOOM = 18;

type Answer = { query: string; results: GeocodeResultDto[] } | { query: string; problem: string };

export function AddressSearch({ map }: { map: OlMap }) {
  const t = useTranslations("editorMap.search");
  const site = useSite();
  const config = useMapConfig();
  const [input, setInput] = useState("");
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [chosen, setChosen] = useState<GeocodeResultDto | null>(null);
  const [dismissed, setDismissed] = useState<Answer | null>(null);
  const query = input.trim();
  // The box shows the chosen place's text afterwards; that text is no new search.
  const searching = query.length >= GEOCODE_QUERY_MIN && query !== chosen?.label;

  useEffect(() => {
    if (!searching) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.get(`/geocode?q=${encodeURIComponent(query)}`, { toast: false, schema: geocodeAnswerSchema, signal: controller.signal }).then(
        (found) => setAnswer({ query, results: found.results }),
        (error: unknown) => {
          if (!controller.signal.aborted) setAnswer({ query, problem: errorMessage(error, t("down")) });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, searching, t]);

  if (!config.addressSearch[site.country]) return null;

  const current = answer && answer.query === query && searching ? answer : null;
  const results = current && "results" in current ? current.results : [];
  const problem = current && "problem" in current && current !== dismissed ? current.problem : null;

  const go = (hit: GeocodeResultDto) => {
    const view = map.getView();
    if (hit.extent) {
      view.fit(transformExtent(hit.extent, "EPSG:4326", view.getProjection()), {
        maxZoom: ADDRESS_ZOOM,
        padding: [48, 48, 48, 48],
        duration: 300,
      });
    } else {
      view.animate({ center: fromLonLat(hit.center, view.getProjection()), zoom: ADDRESS_ZOOM, duration: 300 });
    }
  };

  return (
    <Box sx={{ width: { xs: "100%", sm: 360 } }} data-testid="address-search">
      <Autocomplete
        options={results}
        value={chosen}
        inputValue={input}
        open={open && searching && !problem}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        onInputChange={(_, value) => setInput(value)}
        onChange={(_, hit) => {
          setChosen(hit);
          if (hit) go(hit);
        }}
        // The service has already matched and ranked; MUI's own text filter would hide its fuzzy matches.
        filterOptions={(options) => options}
        getOptionLabel={(hit) => hit.label}
        isOptionEqualToValue={(a, b) => a.label === b.label && a.center[0] === b.center[0] && a.center[1] === b.center[1]}
        loading={searching && !current}
        loadingText={t("searching")}
        noOptionsText={t("noResults")}
        autoHighlight
        // A search, not a list to pick from: no arrow button.
        forcePopupIcon={false}
        clearOnBlur={false}
        size="small"
        renderOption={({ key, ...props }, hit) => (
          <li key={`${String(key)}-${hit.center.join(",")}`} {...props}>
            {hit.label}
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            placeholder={t("placeholder")}
            sx={{ bgcolor: "background.paper", borderRadius: 1, boxShadow: 1 }}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, "aria-label": t("label") },
              input: {
                ...params.slotProps.input,
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" aria-hidden />
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
      />
      {problem && (
        <Alert
          severity="warning"
          role="alert"
          onClose={() => setDismissed(current)}
          closeText={t("dismiss")}
          sx={{ mt: 1, boxShadow: 1 }}
          data-testid="address-search-problem"
        >
          {problem}
        </Alert>
      )}
    </Box>
  );
}
