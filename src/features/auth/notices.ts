import { errorStatus, serverMessage } from '../../api/errors';
import type { MessageKey } from '../../i18n/messages';

/**
 * A text to show after an action: the server's own words (already in the UI language, the
 * base query sends Accept-Language) or one of our messages, kept as an id so it follows a
 * language switch.
 */
export type Notice = { text: string } | { id: MessageKey };

/** For a failed request: the server's message when its answer has one, else our text `fallback`. */
export function failureNotice(error: unknown, fallback: MessageKey): Notice {
  const text = serverMessage(error);
  return text ? { text } : { id: fallback };
}

/** For a successful request: the server's message, else our text `fallback`. */
export function successNotice(answer: { message?: unknown } | undefined, fallback: MessageKey): Notice {
  const message = answer?.message;
  return typeof message === 'string' && message.trim() ? { text: message } : { id: fallback };
}

/** The machine-readable `code` of an error answer (`{ success: false, message, code }`). */
export function errorCode(error: unknown): string | undefined {
  const data = error && typeof error === 'object' ? (error as { data?: unknown }).data : undefined;
  const code = data && typeof data === 'object' ? (data as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** The server's code for a login refused because the account's email is not verified yet. */
export const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';

/** HTTP 429: the server's rate limit (about a minute for resend requests). */
export function isRateLimited(error: unknown): boolean {
  return errorStatus(error) === 429;
}

/** The server answered and refused (4xx, or 2xx with success false), as opposed to a network or 5xx failure. */
export function isRefusal(error: unknown): boolean {
  const status = errorStatus(error);
  return status !== undefined && status < 500;
}

/** Redirect delays after a success, per page. */
export const REDIRECT_DELAY_MS = {
  afterRegistration: 500,
  afterLogin: 1000,
  afterPasswordReset: 3000,
} as const;
