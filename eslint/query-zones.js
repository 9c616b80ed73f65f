// @ts-check

/** services/query: its folders' zones (none yet). */
export const queryZones = [];
