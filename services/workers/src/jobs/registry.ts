import { routeByType, type ProcessorRegistry, type Routes } from './types';

/**
 * The platform's jobs: job name → processor (one file per job in this folder), and which events need
 * which job. None yet: the first real job (and its route) comes with the next issue.
 */
export const processors: ProcessorRegistry = {};

export const routes: Routes = routeByType({});
