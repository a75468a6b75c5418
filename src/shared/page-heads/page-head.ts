import type { PageColumnWidth } from '../page-frame.js';

/**
 * The pages that open with a fixed heading and lead sentence: what they say and where they sit.
 * The page renders its head from here (web: components/page-column.tsx) and the server paints
 * the same before the scripts run (page-shell.ts).
 */
export interface PageHead {
  heading: string;
  lead: string;
  width: PageColumnWidth;
  /** The column's own classes: its padding and the spacing of what follows the head. */
  column: string;
  /** Classes of the block holding heading and lead. */
  block: string;
  leadClass: string;
  /** Painted by the server only when the request carries a session cookie (a visitor is sent to /login). */
  signedInOnly: boolean;
}
