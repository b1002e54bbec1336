import type { StagingRestoreSummary, StagingRestoreWebhook } from '@portal/contracts';

export type { StagingRestoreWebhook } from '@portal/contracts';
/** What a restore run answers (`POST /stagingrestore`). */
export type RestoreSummary = StagingRestoreSummary;

/** Spec 1 §2 "Staging restore" and §8: every text the page shows word for word. */
export const STAGING_TEXTS = {
  title: 'Post-Restore Webhook',
  unauthorized:
    'You are not authorized to trigger the staging restore webhook. Please contact your organization administrator to adjust your permissions.',
  sunday:
    'Each Sunday, after the staging restore has copied your Production marketplace into this Staging marketplace, a POST request is sent to the URL below.',
  hashKeyHelp:
    'The symmetric key is used to hash the message body, so the receiver can verify that the request was sent by the marketplace.',
  orgAdminOnly: 'Only organization administrators can change, delete or test the post-restore webhook.',
  testTitle: 'Test Your Webhook',
  testText: 'Sends a signed sample notification to the saved URL now.',
  sendTest: 'Send Test Request',
  saved: 'Staging restore webhook has been saved.',
  deleted: 'Staging restore webhook test was deleted successfully.',
  tested: 'Staging restore webhook test was triggered successfully.',
  // Ours, for the outcomes spec 1 §8 does not cover: the test was sent, but the receiver did not accept it.
  testTriggered: 'Staging restore webhook test was triggered.',
  testRefused: 'Staging restore webhook test was triggered, but the receiver refused it.',
  testNotReached: 'Staging restore webhook test was triggered, but it did not reach the receiver.',
  notFound: 'Not Found',
  restoreTitle: 'Restore now',
  restoreText:
    "Copies your organization's Production marketplace into this Staging marketplace now instead of on Sunday, then notifies the saved webhook. Staging keeps its API clients, security profiles, admin users and groups, webhooks and integration settings; everything else is replaced.",
  restoreConfirm:
    'Everything in this Staging marketplace except its API clients, security profiles, admin users and groups, webhooks and integration settings is replaced by a copy of Production. This cannot be undone.',
  restored: 'The staging restore has completed.',
  captchaError: 'Recaptcha Error',
  stagingOnly: 'Staging restore is available for Staging marketplaces only.',
} as const;

export type WebhookField = keyof StagingRestoreWebhook;
export type WebhookErrors = Partial<Record<WebhookField, string>>;

/**
 * Spec 1 §5: URL and HashKey are both required. A URL must also be an http(s) address, as the server checks, so
 * the form says so before a round trip.
 *
 * @example
 * webhookErrors({ URL: '', HashKey: 'k' }); // { URL: 'URL is required' }
 */
export function webhookErrors(values: StagingRestoreWebhook): WebhookErrors {
  const errors: WebhookErrors = {};
  const url = values.URL.trim();
  if (url === '') errors.URL = 'URL is required';
  else if (!isWebAddress(url)) errors.URL = 'URL must be a web address starting with https:// or http://.';
  if (values.HashKey.trim() === '') errors.HashKey = 'HashKey is required';
  return errors;
}

function isWebAddress(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** The restore's outcome as one sentence for the success toast. */
export function restoredText(summary: RestoreSummary): string {
  const notified = summary.Notified ? ' The post-restore webhook was notified.' : '';
  return `${summary.DocumentsCopied} objects and ${summary.AssignmentsCopied} assignments copied from ${summary.SourceMarketplaceID}.${notified}`;
}
