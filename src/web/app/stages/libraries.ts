// Stage 1 of the app's start (main.tsx): React and the libraries the app uses (router, data
// cache, zod, toasts, icons), one chunk (vite.config.ts). Importing it runs the libraries' modules;
// React's are CommonJS, which run when first required: required here, so that they run now.
import 'react';
import 'react-dom/client';
import 'react/jsx-runtime';

export const stage = 'libraries';
