import {
  DEFAULT_PUBLIC_CONFIG,
  PUBLIC_CONFIG_META_NAME,
  publicConfigSchema,
  type PublicConfig,
} from '@shared/public-config';

/**
 * Reads the configuration the server wrote into index.html. Falls back to the defaults when
 * the page was not served by our server (the Vite dev server leaves the placeholder).
 */
function readPublicConfig(): PublicConfig {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${PUBLIC_CONFIG_META_NAME}"]`)?.content;
  if (!content || content.startsWith('__')) return DEFAULT_PUBLIC_CONFIG;
  try {
    return publicConfigSchema.parse(JSON.parse(content));
  } catch {
    return DEFAULT_PUBLIC_CONFIG;
  }
}

export const publicConfig: PublicConfig = readPublicConfig();
