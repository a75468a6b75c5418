import { ZoomIn, ZoomOut } from 'lucide-react';
import { ToolbarButton, ToolbarSelect } from './toolbar-controls';
import { nearestZoomLevel, stepZoom, ZOOM_LEVELS, zoomLabel } from './viewer-settings';
import type { ThemeClasses } from './viewer-theme';

interface ZoomControlsProps {
  scale: number;
  disabled: boolean;
  theme: ThemeClasses;
  onChange: (scale: number) => void;
}

/** Zoom out / level select / zoom in, over exactly SPEC.md's levels from 50 % to 400 %. */
export function ZoomControls({ scale, disabled, theme, onChange }: ZoomControlsProps) {
  const level = nearestZoomLevel(scale);
  const lowest = ZOOM_LEVELS[0];
  const highest = ZOOM_LEVELS[ZOOM_LEVELS.length - 1]!;
  return (
    <div className="flex items-center gap-1">
      <ToolbarButton
        icon={ZoomOut}
        label="Zoom out"
        theme={theme}
        disabled={disabled || level <= lowest}
        onClick={() => onChange(stepZoom(level, -1))}
      />
      <ToolbarSelect
        label="Zoom"
        theme={theme}
        className="w-24"
        disabled={disabled}
        value={String(level)}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      >
        {ZOOM_LEVELS.map((option) => (
          <option key={option} value={String(option)}>
            {zoomLabel(option)}
          </option>
        ))}
      </ToolbarSelect>
      <ToolbarButton
        icon={ZoomIn}
        label="Zoom in"
        theme={theme}
        disabled={disabled || level >= highest}
        onClick={() => onChange(stepZoom(level, 1))}
      />
    </div>
  );
}
