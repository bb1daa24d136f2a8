import nodemailer from 'nodemailer';
import { MailSink } from '../mail-sink';
import { buildOutboxApp } from '../outbox-app';
import { reachFromOtherInterface } from '@join/fixtures/network';

/**
 * The mail sandbox over a real socket: a client (nodemailer, as the operator's mailer) sends to the
 * sink (smtp-server + mailparser), and its outbox (its own origin) shows what came in.
 */
const FROM = '"Tourist SIM" <no-reply@tourist-sim.example>';

const sendTo = (url: string) => {
  const transport = nodemailer.createTransport({ url, logger: false, debug: false, connectionTimeout: 2000 });
  return {
    send: (message: { to: string; subject: string; text: string; html?: string }) => transport.sendMail({ from: FROM, ...message }),
    close: () => transport.close(),
  };
};

describe('mail sandbox', () => {
  let sink: MailSink;
  let mailer: ReturnType<typeof sendTo>;

  beforeEach(async () => {
    sink = await MailSink.start({ port: 0, capacity: 3 });
    mailer = sendTo(sink.url);
  });
  afterEach(async () => {
    mailer.close();
    await sink.close();
  });

  it('listens on 127.0.0.1 only, out of reach of the network', async () => {
    expect(sink.url).toBe(`smtp://127.0.0.1:${sink.port}`);
    expect(await reachFromOtherInterface(sink.port)).not.toBe('connected');
  });

  it('receives what is sent, parsed', async () => {
    await mailer.send({ to: 'Noor@Example.com', subject: 'رمز التحقق: 123456', text: 'رمز التحقق الخاص بك هو 123456.', html: '<p>رمز التحقق الخاص بك هو <b>123456</b>.</p>' });
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

  it('accepts a client that logs in (an SMTP URL with user and password)', async () => {
    const withLogin = sendTo(sink.url.replace('smtp://', 'smtp://user:secret@'));
    try {
      await withLogin.send({ to: 'amira@example.com', subject: 'hi', text: 'there' });
    } finally {
      withLogin.close();
    }
    expect(sink.list({ to: 'amira@example.com' })).toHaveLength(1);
  });

  it('refuses a message over its size limit (552)', async () => {
    const small = await MailSink.start({ port: 0, maxBytes: 2000 });
    const to = sendTo(small.url);
    try {
      await expect(to.send({ to: 'a@example.com', subject: 'big', text: 'x'.repeat(10_000) })).rejects.toMatchObject({ responseCode: 552 });
      expect(small.list()).toEqual([]);
    } finally {
      to.close();
      await small.close();
    }
  });
});

describe('the mail sandbox outbox (its own origin)', () => {
  const messages = [
    { id: '2', to: 'noor@example.com', from: 'no-reply@tourist-sim.example', subject: 'Your code: 123456', text: 'code <script>alert(1)</script>', html: '<p>code</p>', received_at: '2026-01-30T08:00:01.000Z' },
    { id: '1', to: 'amira@example.com', from: 'no-reply@tourist-sim.example', subject: 'First <b>', text: 'one', html: null, received_at: '2026-01-30T08:00:00.000Z' },
  ];
  const outbox = { list: ({ to }: { to?: string } = {}) => messages.filter((m) => !to || m.to === to.toLowerCase()) };

  it('answers JSON newest first, filtered by recipient, never cached', async () => {
    const app = await buildOutboxApp(outbox);
    const all = await app.inject({ method: 'GET', url: '/outbox.json' });
    expect(all.statusCode).toBe(200);
    expect(all.headers['cache-control']).toBe('no-store');
    expect((all.json() as Array<{ subject: string }>).map((m) => m.subject)).toEqual(['Your code: 123456', 'First <b>']);
    const noor = await app.inject({ method: 'GET', url: '/outbox.json?to=NOOR%40example.com' });
    expect((noor.json() as Array<{ to: string; html: string }>).map((m) => [m.to, m.html])).toEqual([['noor@example.com', '<p>code</p>']]);
    await app.close();
  });

  it('shows a page with everything escaped, under a CSP with no script', async () => {
    const app = await buildOutboxApp(outbox);
    const page = await app.inject({ method: 'GET', url: '/outbox?to=%22%3E%3Cx' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).not.toContain('"><x');
    expect(page.body).toContain('&quot;&gt;&lt;x');
    const all = await app.inject({ method: 'GET', url: '/outbox' });
    expect(all.body).toContain('First &lt;b&gt;');
    expect(all.body).toContain('code &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(all.body).not.toContain('<script');
    await app.close();
  });

  it('refuses a silly filter', async () => {
    const app = await buildOutboxApp(outbox);
    const res = await app.inject({ method: 'GET', url: `/outbox.json?to=${'a'.repeat(300)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_request', field: 'query.to' });
    await app.close();
  });
});
