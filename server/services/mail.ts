// SPEC §8 mentions registration and password-reset mails. Mails go through the MailService
// interface; the transport built so far writes each mail to the server log and keeps the last ones
// in memory (an operator or a test reads them there). Delivery over SMTP is a transport still to come.
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
    this.log(`mail (logged, not delivered) to=${mail.to} subject=${JSON.stringify(mail.subject)}`);
  }
}
