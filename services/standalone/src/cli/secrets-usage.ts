export const secretsUsage = `Usage: npm run secrets -- <command> [options]

Operator tools for the master key. The database is DATABASE_URL when set, else the embedded cluster
of \`npm start\` in DATA_DIR/postgres. Keys are read from the environment or from files and are never
printed: only their ids (a digest) are.

The master key in use: APP_MASTER_KEY, else the file APP_MASTER_KEY_FILE names, else (the embedded
default, no DATABASE_URL) DATA_DIR/master-key.

Commands
  rotate-master-key   Re-wrap every data key under a new master key, in one transaction; the event
                      log is not touched (events hold ciphertext and data key ids only). Values of
                      the first form still in use (their data key inline, from before data keys had
                      a table) get their data key stored apart, so they stay readable.
    --new-key-file F    the new key (base64 of 32 bytes, e.g. openssl rand -base64 32 > F);
                        else NEW_APP_MASTER_KEY, else the file NEW_APP_MASTER_KEY_FILE names
                      Then restart every service with the new key: until then a service on the old
                      key refuses to seal or open secrets, with a message that says so. On the
                      embedded default (the key in DATA_DIR/master-key) the file is replaced with the
                      new key once the rotation has committed. Running it again with the same keys
                      re-wraps anything still under the old key.

  status              The master key in use (its id), whether APP_MASTER_KEY is that key, and the
                      data keys by master key (live, destroyed).

  help                This text (also --help, -h)

Examples
  openssl rand -base64 32 > /run/secrets/new-master-key
  APP_MASTER_KEY_FILE=/run/secrets/master-key npm run secrets -- rotate-master-key --new-key-file /run/secrets/new-master-key
  npm run secrets -- status
`;
