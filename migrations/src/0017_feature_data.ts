import { sql, type Kysely } from 'kysely';

/**
 * Read models of the Feature Data tab (projection `featureData`).
 *
 * `rm_pptx_templates`: the PowerPoint templates, one row per name (its file's blob key, whether it is
 * available, to which Amplify groups, who uploaded it). `rm_data_disclosures`: each Data Disclosure
 * upload, asked for (`uploaded_at` null) then arrived. `rm_data_disclosure_acceptances`: who accepted
 * which version, when. `rm_api_documentation`: each API documentation upload (pdf, csv, json).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_pptx_templates (
      name text primary key,
      blob_key text not null,
      is_available boolean not null,
      amplify_groups jsonb not null,
      uploaded_by text not null,
      uploaded_at timestamptz not null,
      changed_by text not null,
      changed_at timestamptz not null
    )`.execute(db);
  await sql`
    create table rm_data_disclosures (
      version text primary key,
      blob_key text not null,
      file_name text not null,
      uploaded_by text not null,
      requested_at timestamptz not null,
      uploaded_at timestamptz,
      size bigint
    )`.execute(db);
  await sql`
    create table rm_data_disclosure_acceptances (
      email text not null,
      version text not null,
      accepted_at timestamptz not null,
      primary key (email, version)
    )`.execute(db);
  await sql`
    create table rm_api_documentation (
      blob_key text primary key,
      kind text not null,
      file_name text not null,
      uploaded_by text not null,
      requested_at timestamptz not null,
      uploaded_at timestamptz,
      size bigint
    )`.execute(db);
}
