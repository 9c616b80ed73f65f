import type { ColumnType } from 'kysely';

/** One file of one user (migration 0015, projection `files`); `size` is a bigint (read as a string). */
export interface RmFilesTable {
  key: string;
  owner: string;
  name: string;
  type: string;
  knowledge_base: string;
  status: string;
  size: ColumnType<string | null, number | null | undefined, number | null>;
  sha256: string | null;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  total_items: number | null;
  is_image: ColumnType<boolean, boolean | undefined, boolean>;
  message: string | null;
  rag_on: boolean;
  source_url: string | null;
  from_sitemap: string | null;
  group_id: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The tables of migration 0015 (documents). */
export interface FilesTables {
  rm_files: RmFilesTable;
}
