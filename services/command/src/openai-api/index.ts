export { openaiApiRoutes } from './openai-routes';
