/**
 * The viewer's choices remembered across previews (theme, zoom fit). Storage can throw (privacy
 * modes, quota): then a choice lasts as long as the viewer does.
 */
export const THEME_STORAGE_KEY = 'studyshelf.pdf-viewer.theme';
export const ZOOM_STORAGE_KEY = 'studyshelf.pdf-viewer.zoom';

export function readSetting(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function storeSetting(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not remembered; see above.
  }
}
