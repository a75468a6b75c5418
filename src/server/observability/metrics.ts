import client from 'prom-client';

/**
 * The process's Prometheus metrics, in one registry. Modules import the named metrics below and
 * count what they do; /metrics (http/metrics-route.ts) renders the registry. Label values are
 * always from a small fixed set (route patterns, outcomes), never user input or raw URLs.
 */
export const metricsRegistry = new client.Registry();

// Process memory, CPU, handles, GC and event-loop lag (nodejs_eventloop_lag_seconds).
client.collectDefaultMetrics({ register: metricsRegistry });

export const httpRequests = new client.Counter({
  name: 'studyshelf_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new client.Histogram({
  name: 'studyshelf_http_request_duration_seconds',
  help: 'Time from request received to response sent, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120],
  registers: [metricsRegistry],
});

export const uploads = new client.Counter({
  name: 'studyshelf_uploads_total',
  help: 'File uploads (resources and request fulfilments), by outcome: stored or rejected.',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const downloads = new client.Counter({
  name: 'studyshelf_downloads_total',
  help: 'Downloads counted (one per download call).',
  registers: [metricsRegistry],
});

export const signUps = new client.Counter({
  name: 'studyshelf_sign_ups_total',
  help: 'Accounts created through sign-up.',
  registers: [metricsRegistry],
});

export const loginFailures = new client.Counter({
  name: 'studyshelf_login_failures_total',
  help: 'Failed logins, by reason: invalid_credentials, throttled, unverified.',
  labelNames: ['reason'] as const,
  registers: [metricsRegistry],
});

export const processingJobs = new client.Counter({
  name: 'studyshelf_processing_jobs_total',
  help: 'Background jobs finished, by kind (e.g. mail, pdf_inspection) and outcome.',
  labelNames: ['kind', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const processingJobsInProgress = new client.Gauge({
  name: 'studyshelf_processing_jobs_in_progress',
  help: 'Background jobs running now, by kind.',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

/** Runs one background job, counting it as in progress and then by outcome ('ok' or 'error'). */
export async function trackJob<T>(kind: string, job: () => Promise<T>): Promise<T> {
  processingJobsInProgress.inc({ kind });
  try {
    const result = await job();
    processingJobs.inc({ kind, outcome: 'ok' });
    return result;
  } catch (error) {
    processingJobs.inc({ kind, outcome: 'error' });
    throw error;
  } finally {
    processingJobsInProgress.dec({ kind });
  }
}
