"use client";
/**
 * The colleagues on the plan in the editor's header: their initials in their colour, the name as
 * tooltip; a click (or Enter, Space) follows their view, again stops. More than fit (a phone) collapse
 * into "+N", a menu of the rest.
 */
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import ListItemIcon from "@mui/material/ListItemIcon";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Tooltip from "@mui/material/Tooltip";
import { useTheme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { Person } from "@/editor/core/presence/presence-roster";

const SIZE = 30;

function Initials({ person, following, size = SIZE }: { person: Person; following: boolean; size?: number }) {
  return (
    <Avatar
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.42,
        fontWeight: 700,
        bgcolor: person.color,
        color: "#fff",
        // The ring says whom the map follows: a white gap, then the colour.
        boxShadow: following ? `0 0 0 2px #fff, 0 0 0 4px ${person.color}` : "0 0 0 2px #fff",
      }}
    >
      {person.initials}
    </Avatar>
  );
}

export function PresenceAvatars({
  people,
  following,
  onToggle,
}: {
  people: readonly Person[];
  following: Person | null;
  onToggle: (userId: number) => void;
}) {
  const t = useTranslations("editorPresence");
  const phone = useMediaQuery(useTheme().breakpoints.down("md"), { noSsr: true });
  const [moreAnchor, setMoreAnchor] = useState<HTMLElement | null>(null);
  if (people.length === 0) return null;
  // One avatar's room for "+N": never more than `max` circles in all.
  const max = phone ? 2 : 5;
  const room = people.length > max ? max - 1 : people.length;
  let shown = people.slice(0, room);
  // The colleague followed keeps a circle of their own (with the ring), even when the order puts them in "+N".
  const followed = following && people.find((p) => p.userId === following.userId);
  if (followed && !shown.includes(followed)) shown = [...shown.slice(0, room - 1), followed];
  const rest = people.filter((p) => !shown.includes(p));
  const action = (person: Person) =>
    following?.userId === person.userId ? t("stopFollowing", { name: person.name }) : t("follow", { name: person.name });
  // The name starts with the initials shown, so speech input finds the button by what it sees.
  const label = (person: Person) => `${person.initials}: ${action(person)}`;

  return (
    <Box
      role="group"
      aria-label={t("others")}
      data-testid="presence-avatars"
      sx={{ display: "flex", alignItems: "center", px: 0.5, "& > * + *": { ml: -0.5 } }}
    >
      {shown.map((person) => (
        <Tooltip key={person.userId} title={person.name}>
          <ButtonBase
            aria-label={label(person)}
            aria-pressed={following?.userId === person.userId}
            onClick={() => onToggle(person.userId)}
            data-testid="presence-avatar"
            data-user-id={person.userId}
            data-following={following?.userId === person.userId ? "true" : "false"}
            sx={{ borderRadius: "50%", p: "3px", "&.Mui-focusVisible": { outline: 2, outlineColor: "primary.main", outlineOffset: 1 } }}
          >
            <Initials person={person} following={following?.userId === person.userId} />
          </ButtonBase>
        </Tooltip>
      ))}
      {rest.length > 0 && (
        <>
          <Tooltip title={rest.map((p) => p.name).join(", ")}>
            <ButtonBase
              aria-label={`+${rest.length}: ${t("more", { count: rest.length })}`}
              aria-haspopup="menu"
              onClick={(event) => setMoreAnchor(event.currentTarget)}
              data-testid="presence-more"
              sx={{ borderRadius: "50%", p: "3px", "&.Mui-focusVisible": { outline: 2, outlineColor: "primary.main", outlineOffset: 1 } }}
            >
              <Avatar
                sx={{
                  width: SIZE,
                  height: SIZE,
                  fontSize: 12,
                  fontWeight: 700,
                  bgcolor: "grey.700",
                  color: "#fff",
                  boxShadow: "0 0 0 2px #fff",
                }}
              >
                +{rest.length}
              </Avatar>
            </ButtonBase>
          </Tooltip>
          <Menu anchorEl={moreAnchor} open={!!moreAnchor} onClose={() => setMoreAnchor(null)}>
            {rest.map((person) => (
              <MenuItem
                key={person.userId}
                selected={following?.userId === person.userId}
                onClick={() => {
                  setMoreAnchor(null);
                  onToggle(person.userId);
                }}
                data-testid="presence-more-person"
              >
                <ListItemIcon>
                  <Initials person={person} following={following?.userId === person.userId} size={26} />
                </ListItemIcon>
                {action(person)}
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
    </Box>
  );
}
