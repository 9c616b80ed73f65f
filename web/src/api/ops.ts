import {
  OpsChangeResponse,
  OpsListResponse,
  OpsRegisterResponse,
  opsRoutes,
  SystemOpsResponse,
  type ListedOp,
  type Op,
  type OpInput,
} from '@app/contracts';
import { requestJson, postJson } from './http';

/** GET /amplifymin/ops (admins): the system ops, sorted by name. */
export async function fetchSystemOps(): Promise<Op[]> {
  return (await requestJson('getOps', opsRoutes.adminList, SystemOpsResponse)).body.data;
}

/** POST /amplifymin/ops/register (admins): the ops as registered. */
export async function registerSystemOps(ops: OpInput[]): Promise<Op[]> {
  return (await postJson('registerOps', opsRoutes.adminRegister, OpsRegisterResponse, { ops })).data;
}

/** POST /amplifymin/ops/delete (admins): the op by id, name, tags and url, as the Ops tab sends it. */
export async function deleteSystemOp(op: Pick<Op, 'id' | 'name' | 'tags' | 'url'>): Promise<void> {
  await requestJson('deleteOp', opsRoutes.adminDelete, OpsChangeResponse, {
    method: 'POST',
    body: { op: { id: op.id, name: op.name, tags: op.tags, url: op.url } },
  });
}

/** POST /ops/get (users): the ops visible to the caller, the system's and their own. */
export async function fetchVisibleOps(): Promise<ListedOp[]> {
  return (await postJson('getOps', opsRoutes.get, OpsListResponse, {})).data;
}
