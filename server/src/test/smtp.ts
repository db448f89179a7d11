import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The user the client authenticated as, if it did. */
  user: string | null;
}

/**
 * A real SMTP server on loopback (the `smtp-server` library, RFC 5321) that keeps every mail it
 * receives, parsed: what the app's nodemailer transport really sent. Plain SMTP without
 * STARTTLS (the site's TLS setting `none`); AUTH PLAIN/LOGIN checked against `login` when set.
 */
export async function startSmtp(login?: { user: string; pass: string }) {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: !login,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, done) {
      if (login && auth.username === login.user && auth.password === login.pass)
        done(null, { user: auth.username });
      else done(new Error('Invalid username or password'));
    },
    onData(stream, session, done) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            user: typeof session.user === 'string' ? session.user : null,
          });
          waiters.splice(0).forEach((w) => w());
          done();
        })
        .catch((error: Error) => done(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    /** The next mail to `to` (waits for it to arrive), removed from the box. */
    async next(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const i = mails.findIndex((m) => m.to.includes(to.toLowerCase()) || m.to.includes(to));
        if (i >= 0) return mails.splice(i, 1)[0]!;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 200);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
