// Stage 2 of the app's start (main.tsx): what the app uses of src/shared, one chunk
// (vite.config.ts). Importing it builds the API's zod schemas, the costliest part of the start.
export const stage = 'shared';
