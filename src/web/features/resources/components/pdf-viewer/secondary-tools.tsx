import { Moon, RotateCcw, RotateCw } from 'lucide-react';
import { cn } from '../../../../components/ui/cn';
import { ToolbarButton, ToolbarSelect } from './toolbar-controls';
import { SCROLL_MODES, type ScrollModeKey, type ViewerTheme } from './viewer-settings';
import type { ThemeClasses } from './viewer-theme';

/** The two rotate buttons, counter-clockwise first. */
const ROTATIONS = [
  { degrees: -90, icon: RotateCcw, label: 'Rotate counter-clockwise' },
  { degrees: 90, icon: RotateCw, label: 'Rotate clockwise' },
] as const;

/** What the rotate, scroll mode and theme controls show and change. */
export interface SecondaryToolsProps {
  scrollMode: ScrollModeKey;
  themeName: ViewerTheme;
  disabled: boolean;
  theme: ThemeClasses;
  onRotate: (degrees: 90 | -90) => void;
  onScrollMode: (mode: ScrollModeKey) => void;
  onToggleTheme: () => void;
}

/**
 * Rotate, scroll mode and theme: a row of icons in a wide viewer, a labelled column inside the
 * "More tools" menu of a narrow one (`layout`). The same component in both places keeps them in step.
 */
export function SecondaryTools({
  layout,
  scrollMode,
  themeName,
  disabled,
  theme,
  onRotate,
  onScrollMode,
  onToggleTheme,
}: SecondaryToolsProps & { layout: 'row' | 'menu' }) {
  const inMenu = layout === 'menu';
  return (
    <div className={cn(inMenu ? 'flex flex-col gap-2' : 'flex items-center gap-1')}>
      {ROTATIONS.map(({ degrees, icon, label }) => (
        <ToolbarButton
          key={degrees}
          icon={icon}
          label={label}
          showLabel={inMenu}
          theme={theme}
          disabled={disabled}
          onClick={() => onRotate(degrees)}
        />
      ))}
      <ToolbarSelect
        label="Scroll mode"
        showLabel={inMenu}
        theme={theme}
        className={inMenu ? undefined : 'w-36'}
        disabled={disabled}
        value={scrollMode}
        onChange={(event) => onScrollMode(event.currentTarget.value as ScrollModeKey)}
      >
        {SCROLL_MODES.map((mode) => (
          <option key={mode.key} value={mode.key}>
            {mode.label}
          </option>
        ))}
      </ToolbarSelect>
      {/* A toggle with a fixed name: "Dark theme", pressed or not, reads clearer than a label
          that flips between the current and the next state. */}
      <ToolbarButton
        icon={Moon}
        label="Dark theme"
        showLabel={inMenu}
        theme={theme}
        aria-pressed={themeName === 'dark'}
        onClick={onToggleTheme}
      />
    </div>
  );
}
