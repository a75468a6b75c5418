import type { SeedDemo } from '../server/demo-seeding.js';
import { seedDemoOnStart } from './demo-start.js';

/**
 * Entry of dist/cli/demo-seeding.js, which the server loads by path only when it seeds
 * (server/demo-seeding.ts), so the server bundle carries no demo data.
 */
export const seedDemo: SeedDemo = (config, services, log) => seedDemoOnStart(config, services, log);
