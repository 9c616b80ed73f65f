/**
 * The assistants' routes (/assistant), spelled as the clients call them, plus our own `check_path`
 * for the path-check states.
 */
export const assistantRoutes = {
  /** POST the create payload → {success, message, data: {id, assistantId, data_sources, ast_data}}. */
  create: '/assistant/create',
  /** GET → the caller's own assistants, the built-ins and those reachable through groups. */
  list: '/assistant/list',
  /** POST {assistantId} (owner only). */
  delete: '/assistant/delete',
  /** POST {assistantId, astPath, isPublic, accessTo} (owner only). */
  addPath: '/assistant/add_path',
  /** POST {group_id, path_data}: a group assistant's path (the group's admins). */
  groupAddPath: '/groups/assistant/add_path',
  /** POST {astPath} → the Lookup result; 404 unknown, 403 not usable by the caller. */
  lookup: '/assistant/lookup',
  /** POST {assistantId, forceRescan}: fetch the assistant's website data sources again. */
  rescanWebsites: '/assistant/rescan_websites',
  /** POST {astPath, assistantId?} → {valid, message} (ours). */
  checkPath: '/assistant/check_path',
} as const;
