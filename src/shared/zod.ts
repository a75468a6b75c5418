import * as z from 'zod/mini';
import { stripBidiControls } from './control-characters.js';
import en from 'zod/v4/locales/en.js';

/*
 * The zod every schema of src/shared is written with: zod/mini, whose functional API lets the
 * browser bundle carry only the schema kinds and checks we use (classic zod attaches every
 * method to every schema; decision 023). The server's type provider and the forms' resolver
 * take any zod 4 schema. Classic zod loads its English messages on import; mini
 * does not, so they are loaded here: a message the API or a form shows never changes with the API.
 */
z.config(en());

export { z };

/**
 * `schema.describe(text)` of classic zod: a copy of the schema with this description in the
 * global registry, which the OpenAPI document shows. The schema passed in stays undescribed.
 */
export function describe<T extends z.ZodMiniType>(schema: T, description: string): T {
  const copy = schema.clone();
  z.globalRegistry.add(copy, { description });
  return copy;
}

/**
 * `z.preprocess(fn, schema)` of classic zod, which mini lacks: `fn` runs on the raw input, then
 * `schema` parses what it returns. The same pipe as classic's (a transform into the schema), so it
 * validates and appears in the OpenAPI document the same way.
 */
export function preprocess<T extends z.core.$ZodType>(fn: (value: unknown) => unknown, schema: T): z.ZodMiniPipe<z.ZodMiniTransform, T> {
  // The transform's output is `unknown`, which pipe's types refuse to hand a typed schema.
  return z.pipe(z.transform(fn), schema as z.core.$ZodType) as unknown as z.ZodMiniPipe<z.ZodMiniTransform, T>;
}

/**
 * A check that drops bidirectional controls from a string (stripBidiControls), for every text
 * stored for display; put it before `z.trim()` so what they hid is trimmed too.
 */
export function withoutBidiControls(): z.core.$ZodCheck<string> {
  return z.overwrite(stripBidiControls);
}
