// The settings that confine a DuckDB instance before anything runs on it: UTC, file access limited to the given
// folders, no extension installs or loads, no persistent secrets (they are written under the home folder). The caller
// sets lock_configuration once its SQL layers are loaded, so none of this can be changed afterwards. Writes inside the
// allowed folders (which include the warehouse, to read it) are refused per statement by assertReadOnly.
import { listValue, type DuckDBConnection } from '@duckdb/node-api';

export async function lockDown(setup: DuckDBConnection, allowedDirectories: readonly string[]): Promise<void> {
  // GLOBAL: a plain SET is the setup connection's own (DuckDB's session scope), and every pooled connection must
  // answer the same (current_date, timestamp casts) whatever the process's TZ
  await setup.run("SET GLOBAL TimeZone = 'UTC'");
  await setup.run('SET allowed_directories = $dirs', { dirs: listValue([...allowedDirectories]) });
  await setup.run('SET enable_external_access = false');
  await setup.run('SET autoinstall_known_extensions = false');
  await setup.run('SET autoload_known_extensions = false');
  await setup.run('SET allow_community_extensions = false');
  await setup.run('SET allow_persistent_secrets = false');
}
