import { PanelLeft } from 'lucide-react';
import { cn } from '../../../../components/ui/cn';
import { MoreToolsMenu } from './more-tools-menu';
import { PageNavigator } from './page-navigator';
import { SearchBox } from './search-box';
import { SecondaryTools, type SecondaryToolsProps } from './secondary-tools';
import { ToolbarButton } from './toolbar-controls';
import type { PdfViewerController } from './use-pdf-viewer';
import type { ThemeClasses } from './viewer-theme';
import { ZoomControls } from './zoom-controls';

interface ViewerToolbarProps {
  controller: PdfViewerController;
  theme: ThemeClasses;
  sidebarOpen: boolean;
  sidebarId: string;
  onToggleSidebar: () => void;
  secondary: Omit<SecondaryToolsProps, 'theme' | 'disabled'>;
  /** Words the viewer opened with (a search hit), shown in the search box. */
  initialTerms?: readonly string[];
}

/**
 * The toolbar above the pages. It reflows by the viewer's own width (container queries), not the
 * window's, since the viewer sits in a dialog. Below 64rem the search box takes a row of its own;
 * below 48rem rotate, scroll mode and theme move into "More tools" as well.
 */
export function ViewerToolbar({ controller, theme, sidebarOpen, sidebarId, onToggleSidebar, secondary, initialTerms }: ViewerToolbarProps) {
  const disabled = controller.status !== 'ready';
  const secondaryProps = { ...secondary, theme, disabled };
  return (
    <div
      role="group"
      aria-label="PDF tools"
      className={cn('flex flex-wrap items-center gap-x-3 gap-y-2 rounded-t-lg border-b p-2', theme.toolbar)}
    >
      <div className="flex items-center gap-1">
        <ToolbarButton
          icon={PanelLeft}
          label="Thumbnails"
          theme={theme}
          aria-expanded={sidebarOpen}
          aria-controls={sidebarId}
          disabled={disabled}
          onClick={onToggleSidebar}
        />
        <PageNavigator
          pageNumber={controller.pageNumber}
          pagesCount={controller.pagesCount}
          disabled={disabled}
          theme={theme}
          onPrevious={controller.previousPage}
          onNext={controller.nextPage}
          onGoTo={controller.goToPage}
        />
      </div>
      <ZoomControls scale={controller.scale} disabled={disabled} theme={theme} onChange={controller.setScale} />
      <SearchBox
        status={controller.findStatus}
        disabled={disabled}
        theme={theme}
        initialTerms={initialTerms}
        onFind={controller.find}
        className="order-last basis-full @5xl:order-none @5xl:min-w-52 @5xl:flex-1 @5xl:basis-0"
      />
      <div className="hidden @3xl:block">
        <SecondaryTools layout="row" {...secondaryProps} />
      </div>
      <MoreToolsMenu theme={theme} className="ml-auto @3xl:hidden">
        <SecondaryTools layout="menu" {...secondaryProps} />
      </MoreToolsMenu>
    </div>
  );
}
