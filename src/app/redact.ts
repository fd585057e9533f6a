/** Keys whose values never reach Redux DevTools. */
const SECRET_KEYS = /^(password|newPassword|confirmPassword|currentPassword|token|signature|challenge)$/i;

export const REDACTED = '[redacted]';

/** A deep copy of `value` with secret fields replaced, for DevTools' action and state sanitizers. */
export function redactSecrets<T>(value: T, depth = 0): T {
  if (depth > 12 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    out[key] = SECRET_KEYS.test(key) && item != null ? REDACTED : redactSecrets(item, depth + 1);
  }
  return out as T;
}
