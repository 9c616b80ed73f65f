import {
  RevealResponse,
  secretRoutes,
  TestEndpointResponse,
  type RevealRequest,
  type TestEndpointRequest,
} from '@app/contracts';
import { requestJson } from './http';

/** One saved secret value in clear: its own admin request, recorded on the server. */
export async function revealSecret(request: RevealRequest): Promise<string> {
  const response = await requestJson('revealSecret', secretRoutes.reveal, RevealResponse, {
    method: 'POST',
    body: request,
  });
  return response.body.value;
}

/** Tests an endpoint through the workers; answers once they report (or the wait runs out). */
export async function testEndpoint(request: TestEndpointRequest): Promise<TestEndpointResponse> {
  const response = await requestJson('testEndpoint', secretRoutes.testEndpoint, TestEndpointResponse, {
    method: 'POST',
    body: request,
  });
  return response.body;
}
