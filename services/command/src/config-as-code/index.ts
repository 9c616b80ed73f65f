/**
 * Configuration as code (docs/configuration-as-code.md): the YAML document of every section, its
 * export and its import through the save's deciders. `plan.ts` holds the pure functions per section.
 */
export { exportSection, planSection, exportConfiguration, planConfiguration } from './plan';
export type { PlanContext, SectionPlan, SectionStates } from './plan';
export { loadSectionStates } from './load';
export { applyPlans } from './apply';
export { readConfigDocument, writeConfigDocument } from './document-yaml';
export { differenceText, exportConfigurationYaml, importConfiguration } from './run';
export { configAsCodeRoutesPlugin } from './routes';
