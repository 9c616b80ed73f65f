export const usage = `Usage: npm run events -- <command> [options]

Operator tools for the event log. The database is DATABASE_URL when set, else the embedded cluster
of \`npm start\` in DATA_DIR/postgres (./.data/postgres): the running server when the platform is up,
else a server started for the command and stopped after it.

Commands
  tail      Print events in commit order, one JSON line each:
            {"position","recordedAt","stream","version","type","actor","data"}
    --stream S       only events of stream S (e.g. config-featureFlags)
    --type T         only events of type T (e.g. FeatureFlagEnabled)
    --actor A        only events whose actor email is A
    --after POS      start after the event at position POS (in commit order) and print every
                     matching event from there on (up to --limit when given)
    --limit N        without --after: the last N matching events (default 20);
                     with --after: at most N events
    --follow, -f     then keep printing new events as they commit (LISTEN + poll) until Ctrl-C

  replay    Rebuild read models from position 0, in one transaction per projection (readers see the
            old rows until it commits). Refuses while a projection runner holds the projection lock:
            stop the platform first.
    --projection P   only projection P (default: all)
    --until POS      do not touch the live read models: fold the log up to and including the event
                     at position POS (in commit order) with the same projection code into temporary
                     tables of a session of its own, and print the configuration as it was then
                     (as GET /amplifymin/configs would have answered)

  projections
            Each projection's position, lag (events behind), the event it is held before (failing)
            and the events it set aside, as one JSON document (as GET /api/projections answers).
            An event that fails the same way every time (it does not fit its contract, or the fold
            throws on it) is set aside at once and the projection goes on; a transient failure
            (connection lost, timeout, serialization failure) is retried with backoff (at most
            every 30 s) for as long as it lasts, never parked, and holds that projection meanwhile.
            The others keep going either way.

  retry     Try an event a projection failed on again (after a fix). Held: now, with fresh attempts.
            Set aside: folded now, once, out of the log's order; it stays set aside, with the new
            error, if it fails again (exit code 1). Refused (exit code 1) when the projection already
            folded a later event of the same stream: rebuild it instead (replay --projection P).
  skip      Leave an event a projection failed on out: its read model never folds it (held: the
            projection moves past it; set aside: it is no longer listed).
            Both are recorded in the log (stream projection-<name>) with who did it.
    --projection P   the projection (required)
    --position N     the event's position (default: the oldest one the projection failed on)
    --by EMAIL       who acts (default: <os user>@<host>)

  help      This text (also --help, -h)

Examples
  npm run events -- tail --limit 5
  npm run events -- tail --stream config-featureFlags --follow
  npm run events -- tail --actor admin@example.com --after 120 --limit 50
  npm run events -- replay
  npm run events -- replay --projection featureFlags
  npm run events -- replay --until 42
  npm run events -- projections
  npm run events -- skip --projection featureFlags --by ops@example.com
  npm run events -- retry --projection emailSupport --position 1234
`;
