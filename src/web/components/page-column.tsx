import type { ReactNode } from 'react';
import { PAGE_HEADING_CLASS } from '@shared/page-frame';
import type { PageHead } from '@shared/page-heads/page-head';
import { Container } from './ui/container';

/**
 * A page's column opening with its fixed heading and lead, built from the same description the
 * server paints before the scripts run (src/shared/page-heads/), so the page lands exactly
 * where that first paint was.
 */
export function PageColumn({ head, children }: { head: PageHead; children?: ReactNode }) {
  return (
    <Container width={head.width} className={head.column}>
      <div className={head.block || undefined}>
        <h1 className={PAGE_HEADING_CLASS}>{head.heading}</h1>
        <p className={head.leadClass}>{head.lead}</p>
      </div>
      {children}
    </Container>
  );
}
