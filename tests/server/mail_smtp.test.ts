// SPEC §8 mails over real SMTP: a server started with an SMTP URL delivers the registration mail and
// the password-reset mail (whose token then resets the password) to a real SMTP server on
// 127.0.0.1, authenticating with the URL's credentials. With the SMTP server gone, registering still
// works and the failure is logged: the stored account is never lost to a mail problem.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { PDFParse } from 'pdf-parse';
import { SMTPServer } from 'smtp-server';
import { SUCCESS } from '../../src/model/index.ts';
import { loadTestLimits } from '../../server/limits.ts';
import { startServer, type RunningServer } from '../../server/start.ts';
import { SmtpMailService, checkSmtpUrl } from '../../server/services/mail.ts';
import { ADMIN, USER, basic, unique } from './helpers.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
  user: string | undefined;
}
const received: Received[] = [];
const SMTP_USER = 'mapdraft';
const SMTP_PASS = 's3cret-pass';
let smtp: SMTPServer;
let server: RunningServer;
let smtpUrl = '';

beforeAll(async () => {
  smtp = new SMTPServer({
    // Plain SMTP on loopback: no certificate to make, so AUTH is allowed without TLS here.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, done) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) return done(null, { user: auth.username });
      return done(new Error('Invalid username or password'));
    },
    onData(stream, session, done) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (d: string) => (raw += d));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          user: session.user as string | undefined,
        });
        done();
      });
    },
  });
  await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', ok));
  const port = (smtp.server.address() as AddressInfo).port;
  const postgres = inject('engine') === 'postgres';
  server = await startServer({
    port: 0,
    // The same engine as the project's shared server; PGlite in memory, or the same PostgreSQL database
    // (a second app server on one database: migrations and seed are already there and idempotent).
    databaseUrl: postgres ? process.env.MAPDRAFT_TEST_DATABASE_URL : undefined,
    dataDir: postgres ? undefined : 'memory://',
    seedCities: 0,
    adminPassword: ADMIN.password,
    userPassword: USER.password,
    serveClient: false,
    print: () => undefined,
    // The whole suite's requests come from 127.0.0.1 and, on PostgreSQL, count in the same database rows
    // as this server's: its default per-address limit refused these tests when they ran late in a run.
    limits: loadTestLimits(),
    smtp: { url: (smtpUrl = `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${port}`), from: 'Mapdraft <no-reply@mapdraft.test>' },
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await new Promise<void>((ok) => (smtp ? smtp.close(ok) : ok()));
});

async function post(path: string, body: unknown) {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}
const login = async (username: string, password: string) =>
  (await fetch(`${server.url}/api/login`, { headers: { authorization: basic({ username, password }) } })).status;

function registration() {
  const username = unique('m_');
  return {
    username,
    firstName: 'Ada',
    lastName: 'L',
    email: `${username}@example.org`,
    password: 'first-pass-1',
    confirmPassword: 'first-pass-1',
  };
}

const mailTo = (address: string) => received.filter((m) => m.to.includes(address));
/** The message text with quoted-printable soft line breaks undone. */
const text = (m: Received) => m.raw.replace(/=\r?\n/g, '');

describe('mail over SMTP', () => {
  it('sends the registration mail from the configured sender, authenticated', async () => {
    const r = registration();
    expect((await post('/api/register', r)).status).toBe(201);
    await expect.poll(() => mailTo(r.email).length).toBe(1);
    const [mail] = mailTo(r.email);
    expect(mail.from).toBe('no-reply@mapdraft.test');
    expect(mail.user).toBe(SMTP_USER);
    expect(text(mail)).toContain('Subject: Welcome to Mapdraft');
    expect(text(mail)).toContain(SUCCESS.REGISTRATION_SUCCESS);
  });

  it('sends a reset token that resets the password', async () => {
    const r = registration();
    await post('/api/register', r);
    const reset = await post('/api/reset-password', { email: r.email });
    expect(reset).toEqual({ status: 200, body: { message: SUCCESS.PASSWORD_RESET_MAIL_SENT } });
    await expect.poll(() => mailTo(r.email).some((m) => text(m).includes('Your reset token'))).toBe(true);
    const token = /Your reset token: (\S+)/.exec(text(mailTo(r.email).find((m) => text(m).includes('Your reset token'))!))![1];
    const confirm = await post('/api/reset-password/confirm', { token, password: 'second-pass-2', confirmPassword: 'second-pass-2' });
    expect(confirm.status).toBe(200);
    expect(await login(r.username, 'second-pass-2')).toBe(200);
    expect(await login(r.username, 'first-pass-1')).toBe(401);
  });

  it('mails the activation invoice as a PDF attachment naming the owner, once', async () => {
    const r = registration();
    expect((await post('/api/register', r)).status).toBe(201);
    const auth = { authorization: basic({ username: r.username, password: r.password }) };
    const created = await fetch(`${server.url}/api/apps`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Grace',
        lastName: 'Hopper',
        street: 'Main St',
        houseNumber: '1',
        postCode: '12345',
        city: 'Arlington',
      }),
    });
    const { appKey } = await created.json();
    const activate = () => fetch(`${server.url}/api/apps/activate?appkey=${appKey}`, { method: 'POST', headers: auth });
    const activated = await (await activate()).json();
    expect(activated).toMatchObject({
      activated: true,
      message: SUCCESS.APP_KEY_ACTIVATED,
      invoiceNumber: expect.stringMatching(/^MD-\d{4}-\d{6}$/),
    });
    await expect.poll(() => mailTo(r.email).filter((m) => text(m).includes('Subject: Mapdraft invoice')).length).toBe(1);
    const mail = mailTo(r.email).find((m) => text(m).includes('Subject: Mapdraft invoice'))!;
    expect(text(mail)).toContain(`filename=invoice-${activated.invoiceNumber}.pdf`);
    const part = /Content-Type: application\/pdf[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail.raw);
    const pdf = Buffer.from(part![1].replace(/\r?\n/g, ''), 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    const pdfText = (await parser.getText()).text;
    await parser.destroy();
    expect(pdfText).toContain('Grace Hopper');
    expect(pdfText).toContain(activated.invoiceNumber);
    // Activating again sends no second invoice.
    expect((await activate()).status).toBe(200);
    await new Promise((ok) => setTimeout(ok, 300));
    expect(mailTo(r.email).filter((m) => text(m).includes('Subject: Mapdraft invoice'))).toHaveLength(1);
  });

  it('still registers when the SMTP server is down, and logs the undelivered mail', async () => {
    await new Promise<void>((ok) => smtp.close(ok));
    const r = registration();
    const res = await post('/api/register', r);
    expect(res.status).toBe(201);
    expect(await login(r.username, r.password)).toBe(200);
    // What the operator reads in the log for it (the server's logger gets the same lines).
    const lines: string[] = [];
    const service = new SmtpMailService(
      { url: smtpUrl, from: 'x@mapdraft.test' },
      { info: (l) => lines.push(l), error: (l) => lines.push(`ERROR ${l}`) },
    );
    await service.send({ to: r.email, subject: 'Welcome to Mapdraft', text: 'hi' });
    service.close();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^ERROR mail not delivered to=${r.email} subject="Welcome to Mapdraft": .*ECONNREFUSED`));
  });
});

describe('the SMTP setting', () => {
  it('refuses a URL that is not SMTP, naming the setting', () => {
    expect(() => checkSmtpUrl('http://mail.example.org')).toThrow(/MAPDRAFT_SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
    expect(() => checkSmtpUrl('not a url')).toThrow(/MAPDRAFT_SMTP_URL is not a URL/);
    expect(checkSmtpUrl('smtps://u:p@mail.example.org:465').port).toBe('465');
  });
});
