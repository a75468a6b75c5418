import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../server/config.js';
import { seedDemoData, type DemoAccount, type SeedResult } from './demo-data.js';

type SeedServices = Parameters<typeof seedDemoData>[0] & { accounts: { hasNoUsers(): Promise<boolean> } };

interface Log {
  info(message: string): void;
  warn(message: string): void;
}

/** Where the demo accounts' random passwords are kept, readable by the server's user only. */
export function demoCredentialsFile(dataDir: string): string {
  return path.join(dataDir, 'demo-accounts.txt');
}

function credentialLines(accounts: DemoAccount[]): string[] {
  return accounts.map((a) => `${a.role.padEnd(8)} ${a.email.padEnd(32)} ${a.password}`);
}

/** Writes the demo passwords to a 0600 file, so they can be read again after the console scrolls. */
export function saveDemoCredentials(dataDir: string, accounts: DemoAccount[]): string {
  const file = demoCredentialsFile(dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const text =
    '# Demo accounts created at the first start of this install (role, e-mail, password).\n' +
    '# Random for this install; change or delete these accounts before real users arrive.\n' +
    credentialLines(accounts).join('\n') +
    '\n';
  writeFileSync(file, text, { mode: 0o600 });
  // mode applies only when the file is created; an older file keeps its bits otherwise.
  chmodSync(file, 0o600);
  return file;
}

/**
 * Start-up seeding: nothing unless DEMO_DATA is on (the default outside production) and the
 * database has no users. On a production server it runs only when DEMO_DATA=true was given, and
 * says so loudly. The random passwords are printed once and kept in DATA_DIR.
 */
export async function seedDemoOnStart(
  config: Config,
  services: SeedServices,
  log: Log,
  print: (text: string) => void = (text) => process.stdout.write(text),
): Promise<SeedResult | undefined> {
  if (!config.demoData) return undefined;
  if (config.demoDataForcedInProduction) {
    const warning =
      'DEMO_DATA=true on a production server: demo accounts with administrator rights are created on an empty ' +
      'database. Their random passwords are in DATA_DIR/demo-accounts.txt. Never do this on a server real users reach.';
    log.warn(warning);
    print(`\n*** WARNING: ${warning} ***\n`);
  }
  const seeded = await seedDemoData(services, {
    domain: config.public.institutionEmailDomain,
    isEmpty: () => services.accounts.hasNoUsers(),
  });
  if (!seeded.accounts.length) return seeded;
  const file = saveDemoCredentials(config.dataDir, seeded.accounts);
  log.info(`Demo data created: ${seeded.resources} resources, demo accounts listed in ${file}`);
  print(
    `\nDemo library: ${seeded.resources} resources, ${seeded.classmates} classmates, ${seeded.requests} requests, ` +
      `${seeded.reports} reports.\nDemo accounts (role, e-mail, password; random for this install, also kept in ${file}):\n` +
      `${credentialLines(seeded.accounts).join('\n')}\n\n`,
  );
  return seeded;
}
