// Entry point. React and other libraries choose their production build from NODE_ENV when they are
// first loaded, so it is settled here, before the application (server/main.ts) is imported.
process.env.NODE_ENV ??= 'production'
await import('./main.js')
export {}
