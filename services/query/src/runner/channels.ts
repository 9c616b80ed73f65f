/** NOTIFY channel on which the projection runner announces committed read-model changes. */
export const changesChannel = 'rm_changed';
export const projectionLockKey = 7_301_001;
