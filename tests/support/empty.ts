// Stands in for the `server-only` guard in vitest, which runs server modules outside Next's bundler.
export {};
