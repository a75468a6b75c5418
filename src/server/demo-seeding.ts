import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from './services.js';
import type { Config } from './config.js';
import { demoSeedingFile } from './project-paths.js';

/**
 * Seeds the demo library on an empty database (src/cli/demo-seeding.ts implements it). The
 * server defines this contract and the CLI fulfils it, so the server never imports the CLI.
 */
export type SeedDemo = (config: Config, services: Services, log: FastifyBaseLogger) => Promise<unknown>;

/**
 * Demo seeding at start-up, loaded only when it will seed: DEMO_DATA is on and the database has
 * no users (seeding checks again). The demo library (generated PDFs and texts) is most of the CLI
 * code, so it is a bundle of its own (dist/cli/demo-seeding.js), loaded by path like the workers,
 * and a server that never seeds never loads it.
 */
export async function seedDemoIfEmpty(config: Config, services: Services, log: FastifyBaseLogger): Promise<void> {
  if (!config.demoData || !(await services.accounts.hasNoUsers())) return;
  const file = demoSeedingFile();
  if (!existsSync(file)) throw new Error(`DEMO_DATA is on but ${file} is missing: run \`npm run build\``);
  const { seedDemo } = (await import(pathToFileURL(file).href)) as { seedDemo: SeedDemo };
  await seedDemo(config, services, log);
}
