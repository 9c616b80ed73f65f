// @ts-check

/** web/src: its folders' zones (none yet). */
export const webZones = [];
