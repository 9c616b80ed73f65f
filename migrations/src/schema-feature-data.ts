import type { ColumnType, JSONColumnType } from 'kysely';

/** The PowerPoint templates (migration 0017). */
export interface RmPptxTemplatesTable {
  name: string;
  blob_key: string;
  is_available: boolean;
  amplify_groups: JSONColumnType<string[], string, string>;
  uploaded_by: string;
  uploaded_at: Date;
  changed_by: string;
  changed_at: Date;
}

/** Each Data Disclosure upload: asked for (`uploaded_at` null), then arrived. */
export interface RmDataDisclosuresTable {
  version: string;
  blob_key: string;
  file_name: string;
  uploaded_by: string;
  requested_at: Date;
  uploaded_at: Date | null;
  size: ColumnType<string | null, number | null | undefined, number | null>;
}

export interface RmDataDisclosureAcceptancesTable {
  email: string;
  version: string;
  accepted_at: Date;
}

/** Each API documentation upload (kind pdf, csv or json). */
export interface RmApiDocumentationTable {
  blob_key: string;
  kind: string;
  file_name: string;
  uploaded_by: string;
  requested_at: Date;
  uploaded_at: Date | null;
  size: ColumnType<string | null, number | null | undefined, number | null>;
}

/** The tables of migration 0017 (the Feature Data tab). */
export interface FeatureDataTables {
  rm_pptx_templates: RmPptxTemplatesTable;
  rm_data_disclosures: RmDataDisclosuresTable;
  rm_data_disclosure_acceptances: RmDataDisclosureAcceptancesTable;
  rm_api_documentation: RmApiDocumentationTable;
}
