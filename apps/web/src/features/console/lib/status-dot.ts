/** The colour scheme of a request log dot. */
export type StatusDot = 'success' | 'warning' | 'danger';

/** Spec §9 thresholds: below 300 is success, below 400 (redirects, not modified) is a warning. */
export const SUCCESS_BELOW = 300;
export const WARNING_BELOW = 400;

/**
 * The dot for a response status. A missing or zero status means the server never answered, so it is danger too.
 *
 * @example
 * statusDot(204); // 'success'
 * statusDot(304); // 'warning'
 */
export function statusDot(status: number | null | undefined): StatusDot {
  if (status === null || status === undefined || !Number.isFinite(status) || status <= 0) return 'danger';
  if (status < SUCCESS_BELOW) return 'success';
  if (status < WARNING_BELOW) return 'warning';
  return 'danger';
}
