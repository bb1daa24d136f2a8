import { createServer, type AddressInfo } from 'node:net';
import { createHttpOutbox, type Outbox } from '../../dev/outbox';
import { createSmtpMailer, MailDeliveryError, parseSmtpUrl } from '../smtp-mailer';
import { createTestApp, type TestApp } from '../../../testing/harness';
import { startSandboxesProgram, type SandboxesProgram } from '../../../testing/sandboxes-program';

/**
 * The whole mail path over a real socket: the SMTP mailer a deployment uses (nodemailer) sends
 * to the mail sandbox (the sandboxes program: smtp-server + mailparser), and the product server's
 * outbox reads it back over HTTP. The sink's own rules (its capacity, its size limit, loopback
 * only) are tested in the sandboxes package.
 */
const FROM = '"Tourist SIM" <no-reply@tourist-sim.example>';

/** A recipient no other test of this file mails. */
let recipients = 0;
const unique = (name: string) => `${name}+${Date.now()}-${++recipients}@example.com`;

describe('the SMTP mailer and the mail sandbox', () => {
  let program: SandboxesProgram;
  let outbox: Outbox;
  let mailer: ReturnType<typeof createSmtpMailer>;

  beforeAll(async () => {
    program = await startSandboxesProgram(['mail']);
    outbox = createHttpOutbox(program.url('outbox'));
    mailer = createSmtpMailer({ url: program.url('mail'), from: FROM });
  });
  afterAll(async () => {
    mailer.close();
    await program.close();
  });

  it('delivers what the mailer sends, parsed, with its language, to the outbox', async () => {
    const to = unique('Noor');
    await mailer.send({
      to: to.replace('@example.com', '@Example.com'),
      subject: 'رمز التحقق: 123456',
      text: 'رمز التحقق الخاص بك هو 123456.',
      html: '<p>رمز التحقق الخاص بك هو <b>123456</b>.</p>',
      language: 'ar',
    });
    const [message, ...rest] = await outbox.list({ to });
    expect(rest).toEqual([]);
    expect(message).toMatchObject({
      // nodemailer lower-cases the domain, never the local part.
      to,
      from: 'no-reply@tourist-sim.example',
      subject: 'رمز التحقق: 123456',
      text: expect.stringContaining('رمز التحقق الخاص بك هو 123456.'),
      html: '<p>رمز التحقق الخاص بك هو <b>123456</b>.</p>',
    });
    expect(message?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(message?.received_at ?? ''))).toBe(false);
  });

  it('keeps the newest first and filters by recipient, ignoring case', async () => {
    const odd = unique('odd');
    const even = unique('even');
    for (const n of [1, 2, 3, 4]) await mailer.send({ to: n % 2 ? odd : even, subject: `m${n}`, text: `body ${n}` });
    expect((await outbox.list({ to: odd.toUpperCase() })).map((m) => m.subject)).toEqual(['m3', 'm1']);
    expect((await outbox.list({ to: even })).map((m) => m.subject)).toEqual(['m4', 'm2']);
    expect(await outbox.list({ to: unique('nobody') })).toEqual([]);
    // A message with no HTML part has html null, not the text.
    expect((await outbox.list({ to: odd }))[0]?.html).toBeNull();
  });

  it('accepts a mailer that logs in (a JOIN_SMTP_URL with user and password)', async () => {
    const withLogin = createSmtpMailer({ url: program.url('mail').replace('smtp://', 'smtp://user:secret@'), from: FROM });
    const to = unique('amira');
    try {
      await withLogin.send({ to, subject: 'hi', text: 'there' });
    } finally {
      withLogin.close();
    }
    expect(await outbox.list({ to })).toHaveLength(1);
  });

  it('fails with a MailDeliveryError for a message over the sink\'s size limit (1 MiB)', async () => {
    const to = unique('big');
    await expect(mailer.send({ to, subject: 'big', text: 'x'.repeat(1_100_000) })).rejects.toBeInstanceOf(MailDeliveryError);
    expect(await outbox.list({ to })).toEqual([]);
  });
});

describe('SMTP mailer', () => {
  it('rejects a bad URL without repeating it (it may hold a password)', () => {
    expect(() => parseSmtpUrl('http://user:hunter2@mail.example.com')).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => parseSmtpUrl('not a url hunter2')).toThrow(/is not a URL/);
    try {
      parseSmtpUrl('ftp://user:hunter2@mail.example.com');
    } catch (err) {
      expect((err as Error).message).not.toContain('hunter2');
    }
    expect(parseSmtpUrl('smtps://u:p@smtp.example.com:465').hostname).toBe('smtp.example.com');
  });

  it('fails with a MailDeliveryError that carries no message content when the server is down', async () => {
    // A port that was free a moment ago: nobody listens there now.
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', () => resolve()));
    const url = `smtp://127.0.0.1:${(free.address() as AddressInfo).port}`;
    await new Promise((resolve) => free.close(resolve));
    const mailer = createSmtpMailer({ url, from: FROM, timeoutsMs: { connection: 2000 } });
    const err = (await mailer.send({ to: 'a@example.com', subject: 'Code 654321', text: 'Your code is 654321' }).catch((e: unknown) => e)) as Error;
    mailer.close();
    expect(err).toBeInstanceOf(MailDeliveryError);
    expect(err.message).toMatch(/^mail not sent \(/);
    expect(err.message).not.toContain('654321');
  });

  it('insists on TLS with a remote plain smtp:// server that offers none', async () => {
    // A raw server offering no STARTTLS, on 127.0.0.2: loopback to the kernel, but not one of
    // the mailer's "this machine" names, so it is treated as a remote server would be.
    const server = createServer((socket) => {
      socket.write('220 fake ESMTP\r\n');
      socket.on('data', (d) => {
        const line = d.toString();
        if (/^EHLO/i.test(line)) socket.write('250-fake\r\n250 AUTH PLAIN\r\n');
        else if (/^STARTTLS/i.test(line)) socket.write('502 not implemented\r\n');
        else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.2', () => resolve());
    });
    const port = (server.address() as AddressInfo).port;
    try {
      const mailer = createSmtpMailer({ url: `smtp://u:p@127.0.0.2:${port}`, from: FROM, timeoutsMs: { connection: 2000, greeting: 2000, socket: 2000 } });
      const err = (await mailer.send({ to: 'a@example.com', subject: 's', text: 't' }).catch((e: unknown) => e)) as MailDeliveryError;
      mailer.close();
      expect(err).toBeInstanceOf(MailDeliveryError);
      expect(err.smtpCode).toBe('ETLS');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('outbox on the product server', () => {
  let program: SandboxesProgram;
  let on: TestApp;
  let off: TestApp;
  const amira = unique('amira');
  const noor = unique('noor');

  beforeAll(async () => {
    program = await startSandboxesProgram(['mail']);
    on = await createTestApp({ outbox: createHttpOutbox(program.url('outbox')) });
    off = await createTestApp();
    const mailer = createSmtpMailer({ url: program.url('mail'), from: FROM });
    await mailer.send({ to: amira, subject: 'First <b>', text: 'one' });
    await mailer.send({ to: noor, subject: 'Your code: 123456', text: 'code <script>alert(1)</script>', html: '<p>code</p>' });
    mailer.close();
  });
  afterAll(async () => {
    await Promise.all([on.close(), off.close()]);
    await program.close();
  });

  it('answers JSON newest first, filtered by recipient, read from the mail sandbox', async () => {
    const all = await on.app.inject({ method: 'GET', url: '/dev/outbox.json' });
    expect(all.statusCode).toBe(200);
    expect(all.headers['cache-control']).toBe('no-store');
    const messages = all.json() as Array<Record<string, unknown>>;
    expect(messages.map((m) => m.subject)).toEqual(['Your code: 123456', 'First <b>']);
    expect(Object.keys(messages[0] ?? {}).sort()).toEqual(['from', 'html', 'id', 'received_at', 'subject', 'text', 'to']);

    const byNoor = await on.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(noor.toUpperCase())}` });
    expect((byNoor.json() as Array<{ to: string; html: string }>).map((m) => [m.to, m.html])).toEqual([[noor, '<p>code</p>']]);
    // /dev/outbox answers the same JSON to a caller that does not ask for a page.
    const plain = await on.app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(noor)}`, headers: { accept: 'application/json' } });
    expect(plain.json()).toEqual(byNoor.json());
  });

  it('sends a browser on to the mail sandbox\'s own page (escaped there: sandboxes/src/mail-sink)', async () => {
    const page = await on.app.inject({ method: 'GET', url: '/dev/outbox?to=%22%3E%3Cx', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(`${program.url('outbox')}/outbox?to=%22%3E%3Cx`);
    const shown = await fetch(String(page.headers.location));
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('&quot;&gt;&lt;x');
  });

  it('refuses a silly filter', async () => {
    const res = await on.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${'a'.repeat(300)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_request', field: 'query.to' });
  });

  it('is not there without JOIN_DEV_OUTBOX (404, even to a page navigation)', async () => {
    for (const url of ['/dev/outbox', `/dev/outbox.json?to=${encodeURIComponent(amira)}`]) {
      const res = await off.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('amira');
    }
  });
});
