import type { Config } from './config.js';

export type ChecklistConfig = Pick<
  Config,
  'production' | 'smtpUrl' | 'publicUrl' | 'trustProxy' | 'host' | 'demoData' | 'authSecretSource' | 'database' | 'metricsToken'
>;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * What a production start (NODE_ENV=production or an https PUBLIC_URL) still lacks from the
 * go-live checklist in docs/deploy.md, one sentence each; empty when nothing is missing or when
 * this is not a production start, except TRUST_PROXY=true, named on every start (a test server
 * behind a proxy is as easy to fool). Pure, so it is tested without starting a server.
 */
export function productionWarnings(config: ChecklistConfig): string[] {
  const warnings: string[] = [];
  if (config.trustProxy === true) {
    // Not only on a reachable HOST: nginx appends the peer to the X-Forwarded-For a client sent,
    // and `true` believes the first (the client's own) entry.
    warnings.push(
      'TRUST_PROXY=true believes the first X-Forwarded-For address, which the client writes itself: behind nginx (which only appends the real one) each client can choose its own address, and login throttling and rate limits never see who it is. Set TRUST_PROXY to the proxy\'s address: TRUST_PROXY=127.0.0.1 when nginx runs on this machine.',
    );
  }
  if (!config.production) return warnings;
  const https = config.publicUrl.startsWith('https:');
  const loopback = LOOPBACK_HOSTS.has(config.host);

  if (!config.smtpUrl) {
    warnings.push('SMTP_URL is not set: verification and password-reset mails are only printed in the server log, so users cannot finish sign-up.');
  }
  if (!https) {
    warnings.push(`PUBLIC_URL (${config.publicUrl}) is not https: passwords and session cookies would cross the network unencrypted. Put a TLS reverse proxy in front and set PUBLIC_URL=https://...`);
  }
  if (https && config.trustProxy === false) {
    warnings.push('TRUST_PROXY is not set although PUBLIC_URL is https (so a TLS proxy is in front): every client appears as the proxy, and login throttling and rate limits count all users together. Set TRUST_PROXY to the proxy\'s address, e.g. 127.0.0.1.');
  }
  if (https && !loopback) {
    warnings.push(`HOST=${config.host} listens beyond this machine although a proxy serves PUBLIC_URL: clients can bypass TLS and the proxy. Use HOST=127.0.0.1 unless the proxy runs elsewhere (then firewall the port).`);
  }
  if (config.demoData) {
    warnings.push('DEMO_DATA is on: an empty database is filled with demo accounts and documents. Set DEMO_DATA=false.');
  }
  if (config.database.dialect === 'postgres' && config.authSecretSource === 'data-dir') {
    warnings.push('AUTH_SECRET is not set: each instance keeps its own secret in its DATA_DIR, so with several instances sessions and e-mail links made by one fail on the others. Set the same AUTH_SECRET (32+ characters) on every instance.');
  }
  if (!config.metricsToken) {
    warnings.push('METRICS_TOKEN is not set: /metrics answers only direct requests from this machine. Set it (16+ characters) to scrape metrics from a monitoring server.');
  }
  return warnings;
}
