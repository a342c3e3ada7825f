// Preloaded into the bench's servers when BENCH_NODE_ARGS asks for a profile (--cpu-prof, --heap-prof):
// Node writes the profile only at a normal exit, and Nest's shutdown hooks end a process by sending it
// SIGTERM again once the app closed. Then (no other listener left) this exits normally instead.
let seen = 0;
process.on('SIGTERM', () => {
  seen += 1;
  if (seen > 1 || process.listenerCount('SIGTERM') === 1) process.exit(0);
});
