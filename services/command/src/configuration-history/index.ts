export { configurationAt, positionAt, type ConfigurationAt } from './configuration-at';
export { revertRoutePlugin, type RevertRouteOptions } from './revert-route';
export { sectionFolds, sectionStreamId } from './section-folds';
export { configsAtFrom } from './configs-at';
export { configsAtRoutePlugin } from './configs-at-route';
