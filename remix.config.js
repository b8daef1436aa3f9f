/**
 * Classic Remix compiler. `server` makes server.ts the entry of the server bundle, so the
 * Express server, the ORM and the routes share one module graph (one copy of every entity).
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  server: "./server.ts",
  serverBuildPath: "build/index.js",
  serverModuleFormat: "esm",
  serverPlatform: "node",
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
