import type { MessageKey } from './en';

/** Chinese (Simplified) messages; same keys as en.ts. */
export const zh: Record<MessageKey, string> = {
  // --- app shell: header, layout, common ---
  // --- end app shell ---

  // --- catalogue: home, pagination, movie detail ---
  // --- end catalogue ---
};
