export { externalApisDecider, secretsOfApi, type ExternalApisCommand } from './external-apis-decider';
export { externalApiRoutesPlugin, type ExternalApiRouteOptions } from './routes';
export { plainCallOf, performTestCall, testResultOf, type PlainCall } from './test-call';
