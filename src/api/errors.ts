import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

/** The HTTP status of an RTK Query error, when it has one. */
export function errorStatus(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error) {
    const { status } = error as FetchBaseQueryError;
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}

/**
 * The server's message when it sent one (it is preferred to our own
 * text when present), else undefined so the caller can fall back to its own text.
 */
export function serverMessage(error: FetchBaseQueryError | SerializedError | unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const data = (error as { data?: unknown }).data;
  if (data && typeof data === 'object' && 'message' in data) {
    const message = (data as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return undefined;
}
