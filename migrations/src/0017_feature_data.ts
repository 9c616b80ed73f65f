import { sql, type Kysely } from 'kysely';
import { createAdminReadModel, createTable } from './create-table';

/** An upload: asked for (`requested_at`), then arrived (`uploaded_at` and `size`, null until then). */
const uploadColumns = sql`file_name text not null,
      uploaded_by text not null,
      requested_at timestamptz not null,
      uploaded_at timestamptz,
      size bigint`;

/**
 * Read models of the Feature Data tab (projection `featureData`).
 *
 * `rm_pptx_templates`: the PowerPoint templates, one row per name (its file's blob key, whether it is
 * available, to which Amplify groups, who uploaded it). `rm_data_disclosures`: each Data Disclosure
 * upload, asked for (`uploaded_at` null) then arrived. `rm_data_disclosure_acceptances`: who accepted
 * which version, when. `rm_api_documentation`: each API documentation upload (pdf, csv, json).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createAdminReadModel(
    db,
    'rm_pptx_templates',
    sql`
      name text primary key,
      blob_key text not null,
      is_available boolean not null,
      amplify_groups jsonb not null,
      uploaded_by text not null,
      uploaded_at timestamptz not null`,
  );
  await createTable(
    db,
    'rm_data_disclosures',
    sql`
      version text primary key,
      blob_key text not null,
      ${uploadColumns}`,
  );
  await createTable(
    db,
    'rm_data_disclosure_acceptances',
    sql`
      email text not null,
      version text not null,
      accepted_at timestamptz not null,
      primary key (email, version)`,
  );
  await createTable(
    db,
    'rm_api_documentation',
    sql`
      blob_key text primary key,
      kind text not null,
      ${uploadColumns}`,
  );
}
