// The nginx directives of docs/deploy.md that the app's own behaviour depends on, written once
// for both places that start a real nginx in front of built servers: tests/support/nginx.ts (API
// and scale tests) and bench/lib/scale-infra.mjs (the scale and hand-off benches). Plain .mjs so
// the bench (run by node without a build) can import it; types in nginx-config.d.mts.

/** nginx's temp folders inside `dir` (its own, never the system's), and the upload limit. */
export function tempPaths(dir) {
  return `  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 25m;`;
}

/** The round-robin upstream `studyshelf`, as docs/deploy.md section 10 writes it. */
export function upstreamBlock(upstreams) {
  return `  upstream studyshelf {
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }`;
}

/**
 * docs/deploy.md's internal location for FILE_HANDOFF_PREFIX: only the server's X-Accel-Redirect
 * reaches it, and the file is sent from `root` with the two headers the app cannot add itself.
 */
export function fileHandoffLocation({ prefix, root }) {
  return `    location ${prefix} {
      internal;
      alias ${root.replace(/\/?$/, '/')};
      sendfile on;
      add_header X-Content-Type-Options nosniff always;
      add_header Content-Security-Policy "default-src 'none'; sandbox" always;
    }`;
}

/** docs/deploy.md's `location /`: everything else goes to the upstream, streamed both ways. */
export function proxyLocation() {
  return `    location / {
      proxy_pass http://studyshelf;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_request_buffering off;
      proxy_buffering off;
      proxy_read_timeout 120s;
    }`;
}
