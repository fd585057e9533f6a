/**
 * English messages: the texts of SPEC.md, word for word. Keys are `area.name`.
 * zh.ts must have exactly the same keys (the type checker and a test both enforce it).
 * Each area keeps its keys between its markers.
 */
export const en = {
  // --- app shell: header, layout, common ---
  // --- end app shell ---

  // --- catalogue: home, pagination, movie detail ---
  // --- end catalogue ---
} as const;

export type MessageKey = keyof typeof en;
