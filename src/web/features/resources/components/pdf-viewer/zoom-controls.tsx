import { ZoomIn, ZoomOut } from 'lucide-react';
import { ToolbarSelect, ToolbarStepper } from './toolbar-controls';
import { FIT_ZOOMS, nearestZoomLevel, stepZoom, ZOOM_LEVELS, zoomLabel, zoomSelectValue, type ZoomChoice } from './viewer-settings';
import type { ThemeClasses } from './viewer-theme';

interface ZoomControlsProps {
  scale: number;
  /** pdf.js's named zoom in force ('page-width', 'page-fit'), or null. */
  preset: string | null;
  disabled: boolean;
  theme: ThemeClasses;
  onChange: (zoom: ZoomChoice) => void;
}

/**
 * Zoom out / zoom select / zoom in. The select offers "Fit width" and "Fit page" (issue 14) and
 * SPEC.md's levels from 50 % to 400 %; a scale reached by pinching shows as its own percentage.
 * In a narrow viewer only the select stays in the toolbar's one row (fingers pinch instead).
 */
export function ZoomControls({ scale, preset, disabled, theme, onChange }: ZoomControlsProps) {
  const level = nearestZoomLevel(scale);
  const lowest = ZOOM_LEVELS[0];
  const highest = ZOOM_LEVELS[ZOOM_LEVELS.length - 1]!;
  const value = zoomSelectValue(scale, preset);
  const step = (direction: 1 | -1) => () => onChange(stepZoom(scale, direction));
  return (
    <ToolbarStepper
      theme={theme}
      back={{ icon: ZoomOut, label: 'Zoom out', disabled: disabled || scale <= lowest + 1e-3, onClick: step(-1) }}
      forward={{ icon: ZoomIn, label: 'Zoom in', disabled: disabled || level >= highest - 1e-3, onClick: step(1) }}
    >
      <ToolbarSelect
        label="Zoom"
        theme={theme}
        className="w-28"
        disabled={disabled}
        value={value}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          onChange(FIT_ZOOMS.some((fit) => fit.value === chosen) ? (chosen as ZoomChoice) : Number(chosen));
        }}
      >
        {value === '' ? <option value="">{zoomLabel(scale)}</option> : null}
        {FIT_ZOOMS.map((fit) => (
          <option key={fit.value} value={fit.value}>
            {fit.label}
          </option>
        ))}
        {ZOOM_LEVELS.map((option) => (
          <option key={option} value={String(option)}>
            {zoomLabel(option)}
          </option>
        ))}
      </ToolbarSelect>
    </ToolbarStepper>
  );
}
