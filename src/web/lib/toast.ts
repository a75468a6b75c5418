/*
 * The one place the app takes `toast` from. It is the headless build of react-hot-toast: the
 * default build styles itself by injecting <style> elements at run time (goober), which our
 * strict CSP (style-src 'self') refuses. Importing 'react-hot-toast' elsewhere would also give a
 * second toast store that our <Toaster> never shows. See docs/decisions/003.
 */
export { toast } from 'react-hot-toast/headless';
