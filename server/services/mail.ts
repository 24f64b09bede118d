// SPEC §8 mentions registration and password-reset mails. Mails go through the MailService
// interface: over SMTP when the server is given MAPDRAFT_SMTP_URL (SmtpMailService), otherwise
// written to the server log and kept in memory (MemoryMailService: the demo, tests, an operator
// reading reset tokens from the log).
import { createTransport, type Transporter } from 'nodemailer';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the mail (the activation invoice PDF). */
  attachments?: MailAttachment[];
}

export interface MailService {
  send(mail: Mail): Promise<void>;
  /** Lets go of connections when the server closes. */
  close?(): void;
}

/** Where a transport reports what it did (the server's logger). */
export interface MailLog {
  info(line: string): void;
  error(line: string): void;
}

export interface SmtpSettings {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465. */
  url: string;
  /** The From header, e.g. "Mapdraft <no-reply@example.org>". */
  from: string;
}

/** Throws a message naming the setting when the URL is not an SMTP URL (a start-up error, SPEC §8). */
export function checkSmtpUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('MAPDRAFT_SMTP_URL is not a URL (smtp://user:pass@host:587 or smtps://…)');
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
    throw new Error(`MAPDRAFT_SMTP_URL must start with smtp:// or smtps://, not ${parsed.protocol}//`);
  }
  return parsed;
}

/**
 * Delivers over SMTP. A failed delivery is logged, not thrown: the mails follow a change already
 * stored (a registration, an activation), and a reset request must answer the same whether or not
 * its mail went out, so it cannot probe for accounts (routes/account.ts).
 */
export class SmtpMailService implements MailService {
  private readonly transport: Transporter;

  constructor(
    private readonly settings: SmtpSettings,
    private readonly log: MailLog,
  ) {
    checkSmtpUrl(settings.url);
    // Short timeouts: the request that sends the mail waits for it (nodemailer's defaults are minutes).
    this.transport = createTransport({ url: settings.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  }

  async send(mail: Mail): Promise<void> {
    const what = `to=${mail.to} subject=${JSON.stringify(mail.subject)}`;
    try {
      await this.transport.sendMail({
        from: this.settings.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        attachments: mail.attachments,
      });
      this.log.info(`mail sent ${what}`);
    } catch (err) {
      this.log.error(`mail not delivered ${what}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  close(): void {
    this.transport.close();
  }
}

export class MemoryMailService implements MailService {
  readonly sent: Mail[] = [];

  constructor(private readonly log: (line: string) => void = () => undefined) {}

  async send(mail: Mail): Promise<void> {
    // Keep the last 100 so a long-running server does not grow without bound.
    this.sent.push(mail);
    if (this.sent.length > 100) this.sent.shift();
    this.log(`mail (logged, not delivered) to=${mail.to} subject=${JSON.stringify(mail.subject)}`);
  }
}
