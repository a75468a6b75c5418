// A real SMTP server for the browser journeys: the app sends mail to it (SMTP_URL), and tests
// read what arrived over HTTP: GET /mails?to=<address> returns the raw mails as JSON.
// Ports come from the command line: node smtp-sink-server.mjs <smtpPort> <httpPort>
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
const mails = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'], // the certificate bundled with smtp-server has expired
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') });
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

http
  .createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (url.pathname === '/healthz') return res.end('ok');
    const to = (url.searchParams.get('to') ?? '').toLowerCase();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(mails.filter((m) => !to || m.to.includes(to))));
  })
  .listen(httpPort, '127.0.0.1');
