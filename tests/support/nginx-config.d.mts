/** nginx's temp folders inside `dir`, and the upload limit (above MAX_UPLOAD_MB). */
export function tempPaths(dir: string): string;
/** The round-robin upstream `studyshelf` over `host:port` addresses (docs/deploy.md section 10). */
export function upstreamBlock(upstreams: readonly string[]): string;
/** The internal location for FILE_HANDOFF_PREFIX serving the files folder `root`. */
export function fileHandoffLocation(handoff: { prefix: string; root: string }): string;
/** `location /`: proxied to the upstream, streamed both ways. */
export function proxyLocation(): string;
