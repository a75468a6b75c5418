import { EllipsisVertical } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../../components/ui/cn';
import { useDisclosure } from '../../../../components/ui/use-disclosure';
import { ToolbarButton } from './toolbar-controls';
import type { ThemeClasses } from './viewer-theme';

interface MoreToolsMenuProps {
  theme: ThemeClasses;
  className?: string;
  children: ReactNode;
}

/**
 * "More tools": the controls a narrow viewer has no room for, behind a disclosure button
 * (useDisclosure: it holds a select and toggles, which an ARIA menu may not). A choice made in
 * it closes it, so it never stays over the pages or the thumbnails just opened.
 */
export function MoreToolsMenu({ theme, className, children }: MoreToolsMenuProps) {
  const { open, wrapperProps, buttonProps, panelProps } = useDisclosure();
  return (
    <div {...wrapperProps} className={cn('relative', className)}>
      <ToolbarButton {...buttonProps} icon={EllipsisVertical} label="More tools" theme={theme} />
      <div
        {...panelProps}
        hidden={!open}
        className={cn('absolute top-full right-0 z-30 mt-2 w-60 rounded-lg border p-3 shadow-xl', theme.popover)}
      >
        {children}
      </div>
    </div>
  );
}
