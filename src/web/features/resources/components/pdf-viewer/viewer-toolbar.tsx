import { PanelLeft, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '../../../../components/ui/cn';
import { MoreToolsMenu } from './more-tools-menu';
import { PageNavigator } from './page-navigator';
import { SearchBox } from './search-box';
import { SecondaryTools, type SecondaryToolsProps } from './secondary-tools';
import { ToolbarButton } from './toolbar-controls';
import type { FullScreen } from './use-full-screen';
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
  fullScreen: Pick<FullScreen, 'on' | 'toggle'>;
}

/**
 * The toolbar above the pages, in one row. It reflows by the viewer's own width (container
 * queries), not the window's, since the viewer sits in a dialog. Narrow (a phone): page, zoom,
 * a Search button that opens the search row, and "More tools" with thumbnails, rotate, scroll
 * mode and theme; full-screen reading last at every width. From 48rem: thumbnails, zoom buttons and the search box join the row; from
 * 64rem everything is in it and "More tools" goes.
 */
export function ViewerToolbar({ controller, theme, sidebarOpen, sidebarId, onToggleSidebar, secondary, initialTerms, fullScreen }: ViewerToolbarProps) {
  const disabled = controller.status !== 'ready';
  const secondaryProps = { ...secondary, theme, disabled };
  // A search hit opens with its words in the box: then the box is shown on a phone too.
  const [searchOpen, setSearchOpen] = useState(Boolean(initialTerms?.length));
  const searchId = useId();
  const thumbnailsButton = (inMenu: boolean) => (
    <ToolbarButton
      icon={PanelLeft}
      label="Thumbnails"
      showLabel={inMenu}
      theme={theme}
      aria-expanded={sidebarOpen}
      aria-controls={sidebarId}
      disabled={disabled}
      onClick={onToggleSidebar}
    />
  );
  return (
    <div
      role="group"
      aria-label="PDF tools"
      className={cn('flex flex-wrap items-center gap-x-2 gap-y-2 rounded-t-lg border-b p-2 @3xl:gap-x-3', theme.toolbar)}
    >
      <div className="flex items-center gap-1">
        <span className="hidden @3xl:inline-flex">{thumbnailsButton(false)}</span>
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
      <ZoomControls
        scale={controller.scale}
        preset={controller.zoomPreset}
        disabled={disabled}
        theme={theme}
        onChange={controller.setZoom}
      />
      <span className="ml-auto inline-flex @3xl:hidden">
        <ToolbarButton
          icon={Search}
          label="Search in document"
          theme={theme}
          aria-expanded={searchOpen}
          aria-controls={searchId}
          onClick={() => setSearchOpen((open) => !open)}
        />
      </span>
      {/* One search box for every width: its own row on a phone while open, in the row from 48rem. */}
      <div
        id={searchId}
        className={cn(
          searchOpen ? 'flex' : 'hidden',
          'order-last basis-full @3xl:order-none @3xl:flex @3xl:min-w-52 @3xl:flex-1 @3xl:basis-0',
        )}
      >
        <SearchBox
          status={controller.findStatus}
          disabled={disabled}
          theme={theme}
          initialTerms={initialTerms}
          onFind={controller.find}
          className="flex-1"
        />
      </div>
      <div className="hidden @5xl:block">
        <SecondaryTools layout="row" {...secondaryProps} />
      </div>
      <MoreToolsMenu theme={theme} className="@5xl:hidden">
        <div className="flex flex-col gap-2">
          <span className="contents @3xl:hidden">{thumbnailsButton(true)}</span>
          <SecondaryTools layout="menu" {...secondaryProps} />
        </div>
      </MoreToolsMenu>
      {/* A toggle with a fixed name, as "Dark theme": pressed while the viewer has the screen. */}
      <ToolbarButton
        icon={fullScreen.on ? LeaveFullScreenIcon : FullScreenIcon}
        label="Full screen"
        theme={theme}
        aria-pressed={fullScreen.on}
        disabled={disabled}
        onClick={fullScreen.toggle}
      />
    </div>
  );
}

// lucide's "maximize" and "minimize", drawn here: see ToolbarIcon.
const iconProps = { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

function FullScreenIcon(props: { className?: string }) {
  return (
    <svg {...iconProps} {...props}>
      <path d="M8 3H5a2 2 0 0 0-2 2v3M21 8V5a2 2 0 0 0-2-2h-3M3 16v3a2 2 0 0 0 2 2h3M16 21h3a2 2 0 0 0 2-2v-3" />
    </svg>
  );
}

function LeaveFullScreenIcon(props: { className?: string }) {
  return (
    <svg {...iconProps} {...props}>
      <path d="M8 3v3a2 2 0 0 1-2 2H3M21 8h-3a2 2 0 0 1-2-2V3M3 16h3a2 2 0 0 1 2 2v3M16 21v-3a2 2 0 0 1 2-2h3" />
    </svg>
  );
}
