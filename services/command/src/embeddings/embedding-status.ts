import { dataSourceKey, type DataSource, type FileStatus } from '@app/contracts';

/** What the status needs of a file: whose it is, and where it is. */
export interface FileOwnership {
  owner: string | null;
  status: FileStatus;
  deleted: boolean;
}

/** How many files' states are read at once. */
const readsAtOnce = 8;

/**
 * Each data source's status for `caller`: the file's status when the caller owns it and it is not
 * deleted; 'not_found' for any other key (unknown, deleted, another user's: never told apart).
 */
export const embeddingStatusOf = async (
  sources: readonly DataSource[],
  caller: string,
  stateOf: (key: string) => Promise<FileOwnership | null>,
): Promise<Record<string, FileStatus>> => {
  const keys = [...new Set(sources.map(dataSourceKey))];
  const answer: Record<string, FileStatus> = {};
  for (let i = 0; i < keys.length; i += readsAtOnce) {
    const batch = keys.slice(i, i + readsAtOnce);
    const states = await Promise.all(batch.map(stateOf));
    batch.forEach((key, j) => {
      const state = states[j];
      answer[key] = state && state.owner === caller && !state.deleted ? state.status : 'not_found';
    });
  }
  return answer;
};
