/** An e-mail or SMS as it went out. */
export interface SentMessage {
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  subject?: string;
  body: string;
  /** The transport that carried it: 'outbox' (kept only), 'smtp', 'africastalking'. */
  transport: string;
  providerRef?: string | null;
}

/**
 * Where the mailer and the SMS sender record every message they send. Providers never write our tables: the
 * app passes them the outbox feature's record (outbox_messages, shown at /dev/outbox in the sandbox).
 */
export interface SentMessages {
  record(message: SentMessage): Promise<void>;
}
