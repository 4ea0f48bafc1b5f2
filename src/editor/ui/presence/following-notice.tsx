"use client";
/** While the map follows a colleague's view: a frame in their colour round the map and "Følger Anna" with a stop. */
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import { useTranslations } from "next-intl";
import type { Person } from "@/editor/core/presence/presence-roster";

export function FollowingNotice({ person, onStop }: { person: Person | null; onStop: () => void }) {
  const t = useTranslations("editorPresence");
  if (!person) return null;
  return (
    <>
      <Box
        aria-hidden
        sx={{ position: "absolute", inset: 0, border: 3, borderColor: person.color, pointerEvents: "none", zIndex: 4 }}
        data-testid="following-frame"
      />
      <Box
        sx={{
          position: "absolute",
          // At the foot of the map, above the scale line and the rotation buttons: the top is where the
          // search field and the map's notices (base map, background) appear.
          bottom: { xs: 72, sm: 48 },
          left: "50%",
          transform: "translateX(-50%)",
          zIndex: 5,
        }}
      >
        <Chip
          label={t("following", { name: person.name })}
          // The whole chip is the stop button (a chip's delete icon alone is not reachable by Tab).
          onClick={onStop}
          onDelete={onStop}
          // Begins with the visible text, so speech input ("click Følger Anna") finds it.
          aria-label={t("followingStop", { name: person.name })}
          title={t("stopFollowing", { name: person.name })}
          data-testid="following-chip"
          sx={{ bgcolor: person.color, color: "#fff", fontWeight: 600, boxShadow: 2, "& .MuiChip-deleteIcon": { color: "#fff" } }}
        />
      </Box>
    </>
  );
}
