"use client";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

/** Maximum width of the account pages' card, in px: one comfortable column for a form. */
export const AUTH_CARD_MAX_WIDTH = 440;

/** The centred card of the account pages (login, register, password reset, e-mail confirmation). */
export function AuthCard({ title, intro, children, testId }: { title: string; intro?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: "flex", justifyContent: "center", px: 2, py: { xs: 3, sm: 8 } }}>
      <Paper
        variant="outlined"
        data-testid={testId}
        sx={{ width: "100%", maxWidth: AUTH_CARD_MAX_WIDTH, p: { xs: 2.5, sm: 4 }, borderRadius: 1 }}
      >
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: intro ? 1 : 3 }}>
          {title}
        </Typography>
        {intro && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {intro}
          </Typography>
        )}
        {children}
      </Paper>
    </Box>
  );
}
