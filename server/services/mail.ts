// SPEC §8 mentions registration and password-reset mails. There is no SMTP relay on this machine,
// so the only transport for now is this stub: it keeps sent mails in memory (tests read them) and
// logs one line per mail. A real transport implements the same MailService interface.
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface MailService {
  send(mail: Mail): Promise<void>;
}

export class MemoryMailService implements MailService {
  readonly sent: Mail[] = [];

  constructor(private readonly log: (line: string) => void = () => undefined) {}

  async send(mail: Mail): Promise<void> {
    // Keep the last 100 so a long-running server does not grow without bound.
    this.sent.push(mail);
    if (this.sent.length > 100) this.sent.shift();
    this.log(`mail (stub, not delivered) to=${mail.to} subject=${JSON.stringify(mail.subject)}`);
  }
}
