import { createServer, type AddressInfo } from 'node:net';
import { createSmtpMailer, MailDeliveryError, parseSmtpUrl } from '../smtp-mailer';
import { createTestApp, type TestApp } from '../../testing/harness';
import { MailSink } from '../../../../sandboxes/src/mail-sink/mail-sink';
import { reachFromOtherInterface } from '../../testing/sandbox-reach';

/**
 * The whole mail path over a real socket: the SMTP mailer a deployment uses (nodemailer) sends
 * to the sink (smtp-server + mailparser), and the product server's outbox reads it back.
 */
const FROM = '"Tourist SIM" <no-reply@tourist-sim.example>';

describe('mail sandbox', () => {
  let sink: MailSink;
  let mailer: ReturnType<typeof createSmtpMailer>;

  beforeEach(async () => {
    sink = await MailSink.start({ port: 0, capacity: 3 });
    mailer = createSmtpMailer({ url: sink.url, from: FROM });
  });
  afterEach(async () => {
    mailer.close();
    await sink.close();
  });

  it('listens on 127.0.0.1 only, out of reach of the network (issue 23)', async () => {
    expect(sink.url).toBe(`smtp://127.0.0.1:${sink.port}`);
    expect(await reachFromOtherInterface(sink.port)).not.toBe('connected');
  });

  it('receives what the SMTP mailer sends, parsed, with its language', async () => {
    await mailer.send({
      to: 'Noor@Example.com',
      subject: 'رمز التحقق: 123456',
      text: 'رمز التحقق الخاص بك هو 123456.',
      html: '<p>رمز التحقق الخاص بك هو <b>123456</b>.</p>',
      language: 'ar',
    });
    const [message, ...rest] = sink.list();
    expect(rest).toEqual([]);
    expect(message).toMatchObject({
      // nodemailer lower-cases the domain, never the local part.
      to: 'Noor@example.com',
      from: 'no-reply@tourist-sim.example',
      subject: 'رمز التحقق: 123456',
      text: expect.stringContaining('رمز التحقق الخاص بك هو 123456.'),
      html: '<p>رمز التحقق الخاص بك هو <b>123456</b>.</p>',
    });
    expect(message?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(message?.received_at ?? ''))).toBe(false);
  });

  it('keeps the newest messages up to its capacity and filters by recipient, ignoring case', async () => {
    for (const n of [1, 2, 3, 4]) await mailer.send({ to: n % 2 ? 'odd@example.com' : 'even@example.com', subject: `m${n}`, text: `body ${n}` });
    expect(sink.list().map((m) => m.subject)).toEqual(['m4', 'm3', 'm2']);
    expect(sink.list({ to: 'ODD@example.com' }).map((m) => m.subject)).toEqual(['m3']);
    expect(sink.list({ to: 'nobody@example.com' })).toEqual([]);
    // A message with no HTML part has html null, not the text.
    expect(sink.list()[0]?.html).toBeNull();
  });

  it('accepts a mailer that logs in (a JOIN_SMTP_URL with user and password)', async () => {
    const withLogin = createSmtpMailer({ url: sink.url.replace('smtp://', 'smtp://user:secret@'), from: FROM });
    try {
      await withLogin.send({ to: 'amira@example.com', subject: 'hi', text: 'there' });
    } finally {
      withLogin.close();
    }
    expect(sink.list({ to: 'amira@example.com' })).toHaveLength(1);
  });

  it('refuses a message over its size limit', async () => {
    const small = await MailSink.start({ port: 0, maxBytes: 2000 });
    const to = createSmtpMailer({ url: small.url, from: FROM });
    try {
      await expect(to.send({ to: 'a@example.com', subject: 'big', text: 'x'.repeat(10_000) })).rejects.toBeInstanceOf(MailDeliveryError);
      expect(small.list()).toEqual([]);
    } finally {
      to.close();
      await small.close();
    }
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
    const sink = await MailSink.start({ port: 0 });
    const url = sink.url;
    await sink.close();
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
  let sink: MailSink;
  let on: TestApp;
  let off: TestApp;

  beforeAll(async () => {
    sink = await MailSink.start({ port: 0 });
    on = await createTestApp({ outbox: sink });
    off = await createTestApp();
    const mailer = createSmtpMailer({ url: sink.url, from: FROM });
    await mailer.send({ to: 'amira@example.com', subject: 'First <b>', text: 'one' });
    await mailer.send({ to: 'noor@example.com', subject: 'Your code: 123456', text: 'code <script>alert(1)</script>', html: '<p>code</p>' });
    mailer.close();
  });
  afterAll(async () => {
    await Promise.all([on.close(), off.close()]);
    await sink.close();
  });

  it('answers JSON newest first, filtered by recipient', async () => {
    const all = await on.app.inject({ method: 'GET', url: '/dev/outbox.json' });
    expect(all.statusCode).toBe(200);
    expect(all.headers['cache-control']).toBe('no-store');
    const messages = all.json() as Array<Record<string, unknown>>;
    expect(messages.map((m) => m.subject)).toEqual(['Your code: 123456', 'First <b>']);
    expect(Object.keys(messages[0] ?? {}).sort()).toEqual(['from', 'html', 'id', 'received_at', 'subject', 'text', 'to']);

    const noor = await on.app.inject({ method: 'GET', url: '/dev/outbox.json?to=NOOR%40example.com' });
    expect((noor.json() as Array<{ to: string; html: string }>).map((m) => [m.to, m.html])).toEqual([['noor@example.com', '<p>code</p>']]);
    // /dev/outbox answers the same JSON to a caller that does not ask for a page.
    const plain = await on.app.inject({ method: 'GET', url: '/dev/outbox?to=noor@example.com', headers: { accept: 'application/json' } });
    expect(plain.json()).toEqual(noor.json());
  });

  it('shows a page with everything escaped, under the product CSP', async () => {
    const page = await on.app.inject({ method: 'GET', url: '/dev/outbox?to=%22%3E%3Cx', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toContain('"><x');
    expect(page.body).toContain('&quot;&gt;&lt;x');

    const all = await on.app.inject({ method: 'GET', url: '/dev/outbox', headers: { accept: 'text/html' } });
    expect(all.body).toContain('First &lt;b&gt;');
    expect(all.body).toContain('code &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(all.body).not.toContain('<script');
  });

  it('refuses a silly filter', async () => {
    const res = await on.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${'a'.repeat(300)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_request', field: 'query.to' });
  });

  it('is not there without JOIN_DEV_OUTBOX (404, even to a page navigation)', async () => {
    for (const url of ['/dev/outbox', '/dev/outbox.json?to=amira@example.com']) {
      const res = await off.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('amira');
    }
  });
});
